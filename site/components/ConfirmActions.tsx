/**
 * The foot of a confirmation dialog: the refusal, if the last try was refused, then the action
 * (focused when the dialog opens, its words changed while it runs) and "Keep it".
 */
export function ConfirmActions({
  error,
  pending,
  action,
  running,
  onConfirm,
  onCancel,
}: {
  error: string | null;
  pending: boolean;
  /** What the button does ("Revoke key"). */
  action: string;
  /** What it says while that runs ("Revoking…"). */
  running: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button"
          data-autofocus
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? running : action}
        </button>
        <button type="button" className="button secondary" disabled={pending} onClick={onCancel}>
          Keep it
        </button>
      </div>
    </>
  );
}
