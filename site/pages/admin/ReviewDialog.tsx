/**
 * Staff's decision on one withdrawal, in a dialog: approving asks for a confirmation (the chain
 * cannot give a sent withdrawal back), rejecting for the reason its owner will read.
 */
import { type FormEvent, useId, useState } from 'react';
import { call, formatAmount, formatUsd, type StaffWithdrawal } from '../../../core/index.ts';
import { Modal } from '../../../widgets/notice-modal/Modal.tsx';
import { accountName, type ReviewAction } from './PendingWithdrawalTable.tsx';

/** A review on its way: which withdrawal, and what to do with it. */
export interface Review {
  withdrawal: StaffWithdrawal;
  action: ReviewAction;
}

/** What the page is told once the server has taken the decision. */
const DONE_TEXT: Record<ReviewAction, string> = {
  approve: 'approved: it is sent with the next block.',
  reject: 'rejected: the hold is back in its owner’s balance.',
};

/** The dialog for `review`, shown while `open`; `onDone` gets what to announce. */
export function ReviewDialog({
  review,
  open,
  onClose,
  onDone,
}: {
  review: Review | null;
  open: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  if (review === null) return null;
  const { withdrawal, action } = review;
  const rejecting = action === 'reject';

  const close = () => {
    setReason('');
    setReasonError('');
    setError('');
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
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

  return (
    <Modal
      open={open}
      title={`${rejecting ? 'Reject' : 'Approve'} withdrawal #${withdrawal.id}`}
      onClose={close}
    >
      <form className="sign-form" onSubmit={(event) => void submit(event)} noValidate>
        <ReviewSummary withdrawal={withdrawal} />
        {rejecting && (
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason (the account holder sees it)</label>
            <textarea
              id={`${id}-reason`}
              data-autofocus
              rows={3}
              required
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            />
            {reasonError && (
              <p className="field-error" id={`${id}-reason-error`}>
                {reasonError}
              </p>
            )}
          </div>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Sending…' : rejecting ? 'Reject withdrawal' : 'Approve withdrawal'}
          </button>
          <button type="button" className="button secondary" disabled={pending} onClick={close}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** What is being decided on, so the dialog alone is enough to decide. */
function ReviewSummary({ withdrawal }: { withdrawal: StaffWithdrawal }) {
  return (
    <dl className="admin-review-summary">
      <dt>Account</dt>
      <dd>{accountName(withdrawal)}</dd>
      <dt>Amount</dt>
      <dd>
        {formatAmount(withdrawal.amount)} {withdrawal.asset} + fee {formatAmount(withdrawal.fee)}{' '}
        {withdrawal.asset} ({formatUsd(withdrawal.usdValue, { adaptive: true })})
      </dd>
      <dt>To</dt>
      <dd>
        <span className="tx-hash">{withdrawal.address}</span>
        {withdrawal.tag !== null && ` (tag ${withdrawal.tag})`} on {withdrawal.network}
      </dd>
    </dl>
  );
}
