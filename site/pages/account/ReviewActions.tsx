/**
 * The foot of a "check before you send" step (a transfer, a withdrawal): the refusal, if any, and
 * the buttons that confirm or go back to change it. After a refusal the confirm button says "Try
 * again" and sends the same idempotency key, so a lost answer never sends twice.
 */

/** A review step's state: its idempotency key, whether it is being sent, and the last refusal. */
export interface ReviewState {
  key: string;
  pending: boolean;
  error: string;
}

/** The refusal and the two buttons. */
export function ReviewActions({
  review,
  confirmLabel,
  onConfirm,
  onChange,
}: {
  review: ReviewState;
  /** What the confirm button says before the first try ("Confirm transfer"). */
  confirmLabel: string;
  onConfirm: (key: string) => void;
  onChange: () => void;
}) {
  return (
    <>
      {review.error && (
        <p className="form-error" role="alert">
          {review.error}
        </p>
      )}
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={review.pending}
          onClick={() => onConfirm(review.key)}
        >
          {review.pending ? 'Sending…' : review.error ? 'Try again' : confirmLabel}
        </button>
        <button
          type="button"
          className="button secondary"
          disabled={review.pending}
          onClick={onChange}
        >
          Change
        </button>
      </div>
    </>
  );
}
