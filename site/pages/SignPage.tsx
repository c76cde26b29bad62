/** `/signin` and `/signup` (spec §2): one page in two modes, with field errors. */
import { type FormEvent, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { authenticate, readStored, STORAGE_KEYS } from '../../core/index.ts';

/** The smallest password the server accepts. */
export const MIN_PASSWORD_LENGTH = 8;

type Fields = { email: string; password: string; login: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/** Checks the form before it is sent, so a person learns of a typo without a round trip. */
export function validateSignForm(fields: Fields, mode: 'signin' | 'signup'): FieldErrors {
  const errors: FieldErrors = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email.trim())) {
    errors.email = 'Enter a valid email address, like name@example.com.';
  }
  if (fields.password === '') errors.password = 'Enter your password.';
  else if (mode === 'signup' && fields.password.length < MIN_PASSWORD_LENGTH) {
    errors.password = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  return errors;
}

/** The sign-in / sign-up form. */
export default function SignPage({ mode }: { mode: 'signin' | 'signup' }) {
  const [, navigate] = useLocation();
  const id = useId();
  const [fields, setFields] = useState<Fields>({ email: '', password: '', login: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const [pending, setPending] = useState(false);
  const signup = mode === 'signup';

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSignForm(fields, mode);
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) return;
    setPending(true);
    const ref = readStored(STORAGE_KEYS.referralCode);
    const result = await authenticate(signup ? 'signUp' : 'signIn', {
      email: fields.email.trim(),
      password: fields.password,
      ...(signup && fields.login.trim() ? { login: fields.login.trim() } : {}),
      ...(signup && ref ? { ref } : {}),
    });
    setPending(false);
    if (result.ok) navigate('/account');
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

  return (
    <section className="page sign" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{signup ? 'Create your account' : 'Log in to your account'}</h1>
      <form className="sign-form" onSubmit={submit} noValidate>
        {field('email', 'Email', 'email', 'email')}
        {signup && field('login', 'Username (optional)', 'text', 'username')}
        {field('password', 'Password', 'password', signup ? 'new-password' : 'current-password')}
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
        <Link href={signup ? '/signin' : '/signup'}>{signup ? 'Log In' : 'Create account'}</Link>
      </p>
    </section>
  );
}
