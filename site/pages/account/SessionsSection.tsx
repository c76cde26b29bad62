/** The sessions list of the settings page, with "sign out everywhere else". */
import { useCallback, useEffect, useId, useState } from 'react';
import { type ActiveSession, call, formatLocalDateTime } from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; sessions: ActiveSession[] };

/** The account's sessions; `version` changing (a password change) reloads them. */
export function SessionsSection({ version }: { version: number }) {
  const id = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const fetchSessions = useCallback(async (isCurrent: () => boolean) => {
    const reply = await call('users.getSessions', {});
    if (!isCurrent()) return;
    setLoad(
      reply.status
        ? { state: 'ready', sessions: reply.sessions }
        : { state: 'error', message: reply.error_msg },
    );
  }, []);

  useEffect(() => {
    let current = true;
    // `version` is a reload signal: reading it here makes it a dependency the linter sees.
    if (version >= 0) void fetchSessions(() => current);
    return () => {
      current = false;
    };
  }, [fetchSessions, version]);

  async function endOthers() {
    setPending(true);
    setError('');
    setStatus('');
    const reply = await call('users.endOtherSessions', {});
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    const ended = reply.endedSessions;
    setStatus(`Signed out of ${ended} other session${ended === 1 ? '' : 's'}.`);
    await fetchSessions(() => true);
  }

  const others = load.state === 'ready' ? load.sessions.filter((s) => !s.current).length : 0;

  return (
    // `#sessions`: the new-device sign-in mail links here.
    <section id="sessions" className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Active sessions</h2>
      {load.state === 'loading' && <Loader label="Loading your sessions" />}
      {load.state === 'error' && (
        <div className="error-box" role="alert">
          <p>{load.message}</p>
          <button type="button" className="button" onClick={() => void fetchSessions(() => true)}>
            Try again
          </button>
        </div>
      )}
      {load.state === 'ready' && (
        <ul className="session-list" aria-label="Signed-in sessions">
          {load.sessions.map((session) => (
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
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p className="form-success" role="status">
        {status}
      </p>
      <button
        type="button"
        className="button secondary"
        disabled={pending || others === 0}
        onClick={() => void endOthers()}
      >
        {pending ? 'Please wait…' : 'Sign out everywhere else'}
      </button>
    </section>
  );
}
