/**
 * `/forgot-password`: asks for the address and mails a link that sets a new password. The answer
 * is the same whether or not an account uses the address, so the page says what to expect
 * either way and never which addresses have accounts.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { call } from '../../core/index.ts';
import { validateSignForm } from './SignPage.tsx';

export default function ForgotPasswordPage() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = validateSignForm({ email, password: '-' }, 'signin').email;
    setError(problem ?? '');
    if (problem) {
      input.current?.focus();
      return;
    }
    setPending(true);
    const reply = await call('users.forgotPassword', { email: email.trim() });
    setPending(false);
    if (reply.status) setSent(reply.message);
    else setError(reply.error_msg);
  }

  return (
    <section className="page sign" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Forgot your password?</h1>
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <form className="sign-form" onSubmit={submit} noValidate>
          <p className="field-hint" id={`${id}-hint`}>
            Enter the address you signed up with. We will mail you a link that sets a new password.
          </p>
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              ref={input}
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
              onChange={(event) => setEmail(event.target.value)}
            />
            {error && (
              <p className="field-error" id={`${id}-error`} role="alert">
                {error}
              </p>
            )}
          </div>
          <button type="submit" className="button" disabled={pending}>
            {pending ? 'Please wait…' : 'Mail me a link'}
          </button>
        </form>
      )}
      <p className="sign-switch">
        Remembered it? <Link href="/signin">Log In</Link>
      </p>
    </section>
  );
}
