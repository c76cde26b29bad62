/**
 * `/signin` and `/signup`: one page in two modes, with field errors. A sign-in of an
 * account with two-factor on takes a second step that asks for the authenticator's code. A
 * `?next=` path of this site (the buy page with the person's choice, say) is where they land.
 * Sign-up offers the referral code the site stored from a `?ref=` link, which the person may
 * correct or clear.
 */
import { useId } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { authenticate } from '../../core/index.ts';
import { CodeStep } from './CodeStep.tsx';
import { SignField } from './SignField.tsx';
import { landingPath, type SignFields } from './signForm.ts';
import { useSignForm } from './useSignForm.ts';

// The form's rules, which the password and forgotten-password pages share, are exported here too.
export { landingPath, MIN_PASSWORD_LENGTH, validateSignForm } from './signForm.ts';

/** The sign-in / sign-up form. */
export default function SignPage({ mode }: { mode: 'signin' | 'signup' }) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const landing = landingPath(search);
  const id = useId();
  const form = useSignForm(mode, () => navigate(landing));
  const { fields, setFields } = form;
  const signup = mode === 'signup';

  const field = (name: keyof SignFields, label: string, type: string, autoComplete: string) => (
    <SignField
      id={`${id}-${name}`}
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={fields[name]}
      error={form.errors[name]}
      onChange={(value) => setFields({ ...fields, [name]: value })}
    />
  );

  if (form.askCode) {
    const credentials = { email: fields.email.trim(), password: fields.password };
    return (
      <section className="page sign" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>Two-factor authentication</h1>
        <CodeStep
          onSubmit={(code) => authenticate('signIn', credentials, code)}
          onSignedIn={() => navigate(landing)}
          onBack={form.leaveCodeStep}
        />
      </section>
    );
  }

  return (
    <section className="page sign" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{signup ? 'Create your account' : 'Log in to your account'}</h1>
      <form className="sign-form" onSubmit={form.submit} noValidate>
        {field('email', 'Email', 'email', 'email')}
        {signup && field('login', 'Username (optional)', 'text', 'username')}
        {field('password', 'Password', 'password', signup ? 'new-password' : 'current-password')}
        {!signup && (
          <p className="sign-forgot">
            <Link href="/forgot-password">Forgot password?</Link>
          </p>
        )}
        {signup && field('ref', 'Referral code (optional)', 'text', 'off')}
        {form.serverError && (
          <p className="form-error" role="alert">
            {form.serverError}
          </p>
        )}
        <button type="submit" className="button" disabled={form.pending}>
          {form.pending ? 'Please wait…' : signup ? 'Create account' : 'Log In'}
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
