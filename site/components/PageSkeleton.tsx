/** The loading skeleton a lazily loaded page shows until its code arrives. */
export function PageSkeleton({ label = 'Loading page' }: { label?: string }) {
  return (
    <div
      className="page page-skeleton"
      role="status"
      aria-live="polite"
      data-testid="page-skeleton"
    >
      <span className="visually-hidden">{label}</span>
      <div className="skeleton skeleton-title" aria-hidden="true" />
      <div className="skeleton skeleton-line" aria-hidden="true" />
      <div className="skeleton skeleton-line" aria-hidden="true" />
      <div className="skeleton skeleton-line short" aria-hidden="true" />
    </div>
  );
}
