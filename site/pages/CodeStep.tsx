/** The sign-in's second step, for an account with two-factor authentication on. */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type AuthOutcome, errorText } from '../../core/index.ts';

/** The second step: the authenticator's code, or a recovery code, for the same credentials. */
export function CodeStep(props: {
  onSubmit: (code: string) => Promise<AuthOutcome>;
  onSignedIn: () => void;
  onBack: () => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  // The step replaces the form the person was typing in: their focus moves to its one field.
  useEffect(() => input.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '') {
      setError(errorText('twoFactor.required'));
      input.current?.focus();
      return;
    }
    setPending(true);
    const result = await props.onSubmit(code.trim());
    setPending(false);
    if (result.ok) return props.onSignedIn();
    setError(result.error);
    setCode('');
    input.current?.focus();
  }

  return (
    <form className="sign-form" onSubmit={submit} noValidate>
      <p id={`${id}-hint`} className="field-hint">
        Enter the 6-digit code your authenticator app shows for this account. Lost your phone? Enter
        one of your recovery codes instead.
      </p>
      <div className="field">
        <label htmlFor={`${id}-code`}>Authentication code</label>
        <input
          ref={input}
          id={`${id}-code`}
          name="code"
          type="text"
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          onChange={(event) => setCode(event.target.value)}
        />
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={pending}>
        {pending ? 'Please wait…' : 'Verify'}
      </button>
      <button type="button" className="button secondary" onClick={props.onBack}>
        Back
      </button>
    </form>
  );
}
