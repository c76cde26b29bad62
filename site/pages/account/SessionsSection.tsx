/** The sessions list of the settings page, with "sign out everywhere else". */
import { useCallback, useEffect, useId, useState } from 'react';
import { type ActiveSession, call } from '../../../core/index.ts';
import { FormOutcome } from '../../components/FormOutcome.tsx';
import { LoadError } from '../../components/LoadError.tsx';
import { Loader } from '../../components/Loader.tsx';
import { SessionList } from './SessionList.tsx';

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
        <LoadError message={load.message} onRetry={() => void fetchSessions(() => true)} />
      )}
      {load.state === 'ready' && <SessionList sessions={load.sessions} />}
      <FormOutcome error={error} done={status} />
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
