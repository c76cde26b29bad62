/** Approving or rejecting an identity application, with the reason a rejection needs. */
import { type FormEvent, useState } from 'react';
import { call, type KycSubmission } from '../../../core/index.ts';

/**
 * The reason typed, the error to show and the two decisions; `reasonId` is the reason field's
 * id, focused when a rejection comes without one. `onDecided` gets what to announce.
 */
export function useKycDecision(
  submission: KycSubmission,
  name: string,
  reasonId: string,
  onDecided: (message: string) => Promise<void>,
) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function approve() {
    setPending(true);
    setError('');
    const reply = await call('kyc.approve', { userId: submission.userId });
    setPending(false);
    if (!reply.status) setError(reply.error_msg);
    else await onDecided(`Approved: ${name} is verified.`);
  }

  async function reject(event: FormEvent) {
    event.preventDefault();
    setError('');
    if (reason.trim() === '') {
      setError('Write the reason the person will read, saying what to correct.');
      document.getElementById(reasonId)?.focus();
      return;
    }
    setPending(true);
    const reply = await call('kyc.reject', { userId: submission.userId, reason: reason.trim() });
    setPending(false);
    if (!reply.status) setError(reply.error_msg);
    else await onDecided(`Rejected: ${name} can correct and submit again.`);
  }

  return { reason, setReason, error, pending, approve, reject };
}
