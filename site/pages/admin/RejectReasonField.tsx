/** The reason for rejecting a withdrawal, which its owner reads. */

/** The reason textarea with its error; `id` prefixes the ids. */
export function RejectReasonField({
  id,
  reason,
  reasonError,
  onChange,
}: {
  id: string;
  reason: string;
  reasonError: string;
  onChange: (reason: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-reason`}>Reason (the account holder sees it)</label>
      <textarea
        id={`${id}-reason`}
        data-autofocus
        rows={3}
        required
        value={reason}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? `${id}-reason-error` : undefined}
      />
      {reasonError && (
        <p className="field-error" id={`${id}-reason-error`}>
          {reasonError}
        </p>
      )}
    </div>
  );
}
