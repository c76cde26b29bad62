/** The reviewer's decision on an identity application: approve, or reject with a reason. */
import type { KycSubmission } from '../../../core/index.ts';
import { useKycDecision } from './useKycDecision.ts';

/** The reason field and the two buttons; `id` prefixes the field ids. */
export function KycDecisionForm({
  id,
  submission,
  name,
  onDecided,
}: {
  id: string;
  submission: KycSubmission;
  name: string;
  onDecided: (message: string) => Promise<void>;
}) {
  const decision = useKycDecision(submission, name, `${id}-reason`, onDecided);
  const { error, pending } = decision;
  return (
    <form
      className="settings-form kyc-review-form"
      onSubmit={(event) => void decision.reject(event)}
      noValidate
    >
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason for a rejection (the person reads it)</label>
        <textarea
          id={`${id}-reason`}
          value={decision.reason}
          maxLength={500}
          onChange={(event) => decision.setReason(event.target.value)}
          {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {})}
        />
      </div>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={pending}
          onClick={() => void decision.approve()}
        >
          Approve
        </button>
        <button type="submit" className="button secondary" disabled={pending}>
          Reject with this reason
        </button>
      </div>
    </form>
  );
}
