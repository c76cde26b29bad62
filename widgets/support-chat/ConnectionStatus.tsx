/** The chat's connection indicator beside its title: a live dot when online, else a spinner. */
import type { SupportSocketStatus } from '../../core/supportSocket.ts';

/** The indicator for this socket status. */
export function ConnectionStatus({ status }: { status: SupportSocketStatus }) {
  const isOpen = status === 'open';
  return (
    <span className="sc-status" data-status={status}>
      {isOpen ? (
        <span className="sc-dot" part="live-dot" aria-hidden="true" />
      ) : (
        <span className="sc-spinner" part="spinner" aria-hidden="true" />
      )}
      <span>{isOpen ? 'Online' : 'Connecting…'}</span>
    </span>
  );
}
