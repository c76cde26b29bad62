/**
 * `/signin` and `/signup`: one page in two modes, with field errors. A sign-in of an
 * account with two-factor on takes a second step that asks for the authenticator's code. A
 * `?next=` path of this site (the buy page with the person's choice, say) is where they land.
 * Sign-up offers the referral code the site stored from a `?ref=` link, which the person may
 * correct or clear.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import {
  type AuthOutcome,
  authenticate,
  errorText,
  newPasswordProblem,
  readStored,
  STORAGE_KEYS,
} from '../../core/index.ts';

/** The longest referral code the server reads (its own are 8 characters). */
const MAX_REFERRAL_CODE_LENGTH = 64;

type Fields = { email: string; password: string; login: string; ref: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/** Checks the form before it is sent, so a person learns of a typo without a round trip. */
export function validateSignForm(
  fields: Pick<Fields, 'email' | 'password'> & Partial<Fields>,
  mode: 'signin' | 'signup',
): FieldErrors {
  const errors: FieldErrors = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email.trim())) {
    errors.email = errorText('account.invalidEmail');
  }
  const tooShort = mode === 'signup' ? newPasswordProblem(fields.password) : null;
  if (fields.password === '') errors.password = errorText('params.required', { label: 'Password' });
  else if (tooShort !== null) errors.password = tooShort;
  if (mode === 'signup' && (fields.ref ?? '').trim().length > MAX_REFERRAL_CODE_LENGTH) {
    errors.ref = `A referral code has at most ${MAX_REFERRAL_CODE_LENGTH} characters.`;
  }
  return errors;
}

/**
 * Where to go once signed in: `?next=` when it is a path of this site (never another origin,
 * "//evil.example" or "/\\evil.example" included), /account otherwise.
 */
export function landingPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next !== null && /^\/(?![/\\])[^\s\\]*$/.test(next) ? next : '/account';
}

/** The sign-in / sign-up form. */
export default function SignPage({ mode }: { mode: 'signin' | 'signup' }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const landing = landingPath(search);
  const id = useId();
  const [fields, setFields] = useState<Fields>(() => ({
    email: '',
    password: '',
    login: '',
    ref: readStored(STORAGE_KEYS.referralCode) ?? '',
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const [pending, setPending] = useState(false);
  // Set once the server said the password was right and a two-factor code is needed.
  const [askCode, setAskCode] = useState(false);
  const signup = mode === 'signup';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignForm(fields, mode);
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) return;
    setPending(true);
    const ref = fields.ref.trim();
    const result = await authenticate(signup ? 'signUp' : 'signIn', {
      email: fields.email.trim(),
      password: fields.password,
      ...(signup && fields.login.trim() ? { login: fields.login.trim() } : {}),
      ...(signup && ref ? { ref } : {}),
    });
    setPending(false);
    if (result.ok) navigate(landing);
    else if (result.twoFactorRequired) setAskCode(true);
    else setServerError(result.error);
  }

  function field(name: keyof Fields, label: string, type: string, autoComplete: string) {
    const error = errors[name];
    return (
      <div className="field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={fields[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
        />
        {error && (
          <p className="field-error" id={`${id}-${name}-error`}>
            {error}
          </p>
        )}
      </div>
    );
  }

  if (askCode) {
    const credentials = { email: fields.email.trim(), password: fields.password };
    return (
      <section className="page sign" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Two-factor authentication</h1>
        <CodeStep
          onSubmit={(code) => authenticate('signIn', credentials, code)}
          onSignedIn={() => navigate(landing)}
          onBack={() => {
            setAskCode(false);
            setFields({ ...fields, password: '' });
          }}
        />
      </section>
    );
  }

  return (
    <section className="page sign" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{signup ? 'Create your account' : 'Log in to your account'}</h1>
      <form className="sign-form" onSubmit={submit} noValidate>
        {field('email', 'Email', 'email', 'email')}
        {signup && field('login', 'Username (optional)', 'text', 'username')}
        {field('password', 'Password', 'password', signup ? 'new-password' : 'current-password')}
        {!signup && (
          <p className="sign-forgot">
            <Link href="/forgot-password">Forgot password?</Link>
          </p>
        )}
        {signup && field('ref', 'Referral code (optional)', 'text', 'off')}
        {serverError && (
          <p className="form-error" role="alert">
            {serverError}
          </p>
        )}
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Please wait…' : signup ? 'Create account' : 'Log In'}
        </button>
      </form>
      <p className="sign-switch">
        {signup ? 'Already have an account? ' : 'New here? '}
        <Link href={`${signup ? '/signin' : '/signup'}${search ? `?${search}` : ''}`}>
          {signup ? 'Log In' : 'Create account'}
        </Link>
      </p>
    </section>
  );
}

/** The second step: the authenticator's code, or a recovery code, for the same credentials. */
function CodeStep(props: {
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
