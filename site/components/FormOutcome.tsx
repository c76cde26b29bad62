/** What a form's last request came to: the refusal, or the success announced politely. */

/**
 * The refusal as an alert, when there is one, then the success message. The success paragraph is
 * always there, empty until something succeeds, so screen readers hear the text as it arrives.
 */
export function FormOutcome({ error, done }: { error: string; done: string }) {
  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p className="form-success" role="status">
        {done}
      </p>
    </>
  );
}
