/** The settings page's list of the account's signed-in sessions. */
import { type ActiveSession, formatLocalDateTime } from '../../../core/index.ts';

/** Each session: when it signed in, from where, and which one is this device. */
export function SessionList({ sessions }: { sessions: readonly ActiveSession[] }) {
  return (
    <ul className="session-list" aria-label="Signed-in sessions">
      {sessions.map((session) => (
        <li key={session.id}>
          <span>
            Signed in{' '}
            <time dateTime={session.createdAt}>{formatLocalDateTime(session.createdAt)}</time>
          </span>
          <span className="session-ip">from {session.ip || 'an unknown address'}</span>
          {session.current && <strong className="badge on">This device</strong>}
        </li>
      ))}
    </ul>
  );
}
