/** A centred spinner announced to screen readers while something loads. */
export function Loader({ label }: { label: string }) {
  return (
    <div className="loader" role="status" aria-live="polite">
      <span className="loader-spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
