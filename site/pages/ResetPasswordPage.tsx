/**
 * `/reset-password?token=…`: the page the mailed link opens. The new password is set with the
 * link's token; every session of the account ends, this browser's too, so the page sends the
 * person to log in with it. A used, expired or altered link says so and offers a new one.
 */
import { useId } from 'react';
import { Link, useSearch } from 'wouter';
import { ResetOutcome } from './ResetOutcome.tsx';
import { MIN_PASSWORD_LENGTH } from './signForm.ts';
import { useResetPassword } from './useResetPassword.ts';

/** The new-password form, or what became of the link once it is used or found incomplete. */
export default function ResetPasswordPage() {
  const id = useId();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { input, password, setPassword, error, done, pending, submit } = useResetPassword(token);

  if (token === '' || done) return <ResetOutcome titleId={`${id}-title`} done={done} />;

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
