/** Approving or rejecting an identity application, with the reason a rejection needs. */
import { type FormEvent, useState } from 'react';
import { errorText } from '../../../core/errors/index.ts';
import { call, type KycSubmission } from '../../../core/index.ts';
import { KYC_REASON_MAX } from '../../../core/kyc.ts';

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
    // The server's rule, checked here first so an empty reason costs no round trip.
    if (reason.trim() === '') {
      setError(errorText('kyc.reason', { max: KYC_REASON_MAX }));
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
