/**
 * `/reset-password?token=…`: the page the mailed link opens. The new password is set with the
 * link's token; every session of the account ends, this browser's too, so the page sends the
 * person to log in with it. A used, expired or altered link says so and offers a new one.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { call, loadUser, MIN_PASSWORD_LENGTH, newPasswordProblem } from '../../core/index.ts';

export default function ResetPasswordPage() {
  const id = useId();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(password);
    if (problem !== null) {
      setError(problem);
      input.current?.focus();
      return;
    }
    setPending(true);
    const reply = await call('users.resetPassword', { resetToken: token, password });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setDone(true);
    // This browser's session ended with the others: the header should say so.
    void loadUser();
  }

  if (token === '' || done) {
    return (
      <section className="page sign" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{done ? 'Your new password is set' : 'This link is incomplete'}</h1>
        <p role="status">
          {done
            ? 'Every device that was signed in to your account has been signed out. Log in with your new password.'
            : 'Open the link from the mail again, or ask for a new one.'}
        </p>
        <p>
          <Link href={done ? '/signin' : '/forgot-password'} className="button">
            {done ? 'Log In' : 'Ask for a new link'}
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="page sign" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Set a new password</h1>
      <form className="sign-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-password`}>New password</label>
          <input
            ref={input}
            id={`${id}-password`}
            type="password"
            autoComplete="new-password"
            value={password}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(event) => setPassword(event.target.value)}
          />
          {error ? (
            <p className="field-error" id={`${id}-error`} role="alert">
              {error}{' '}
              {/expired|used|not valid/.test(error) && (
                <Link href="/forgot-password">Ask for a new link</Link>
              )}
            </p>
          ) : (
            <p className="field-hint" id={`${id}-hint`}>
              At least {MIN_PASSWORD_LENGTH} characters. Setting it signs your account out
              everywhere.
            </p>
          )}
        </div>
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Please wait…' : 'Set new password'}
        </button>
      </form>
    </section>
  );
}
