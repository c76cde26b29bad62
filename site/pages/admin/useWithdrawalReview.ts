/** Sending staff's decision on a withdrawal, with the reason a rejection needs. */
import { type FormEvent, useState } from 'react';
import { call } from '../../../core/index.ts';
import type { Review, ReviewAction } from './PendingWithdrawalTable.tsx';

/** What the page is told once the server has taken the decision. */
const DONE_TEXT: Record<ReviewAction, string> = {
  approve: 'approved: it is sent with the next block.',
  reject: 'rejected: the hold is back in its owner’s balance.',
};

/** The reason typed, the errors to show, `close` (which forgets them) and `submit`. */
export function useWithdrawalReview(
  review: Review | null,
  onClose: () => void,
  onDone: (message: string) => void,
) {
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');

  const close = () => {
    setReason('');
    setReasonError('');
    setError('');
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (review === null) return;
    const { withdrawal, action } = review;
    const rejecting = action === 'reject';
    const given = reason.trim();
    if (rejecting && given === '') {
      setReasonError('Give the reason for the rejection: the account holder sees it.');
      return;
    }
    setReasonError('');
    setError('');
    setPending(true);
    const reply = await call('withdrawals.review', {
      id: withdrawal.id,
      approve: !rejecting,
      ...(rejecting ? { reason: given } : {}),
    });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setReason('');
    onDone(`Withdrawal #${withdrawal.id} ${DONE_TEXT[action]}`);
  }

  return { reason, setReason, reasonError, pending, error, close, submit };
}
