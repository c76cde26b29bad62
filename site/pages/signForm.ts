/**
 * The sign-in and sign-up form's rules, free of React: what it checks before sending (shared
 * with the other pages that ask for an email or a password) and where a person lands once
 * signed in.
 */
import { errorText, newPasswordProblem } from '../../core/index.ts';

export { MIN_PASSWORD_LENGTH } from '../../core/index.ts';

/** The longest referral code the server reads (its own are 8 characters). */
const MAX_REFERRAL_CODE_LENGTH = 64;

/** The sign form's fields, as typed. */
export type SignFields = { email: string; password: string; login: string; ref: string };

/** A message per field that needs attention. */
export type SignFieldErrors = Partial<Record<keyof SignFields, string>>;

/** Checks the form before it is sent, so a person learns of a typo without a round trip. */
export function validateSignForm(
  fields: Pick<SignFields, 'email' | 'password'> & Partial<SignFields>,
  mode: 'signin' | 'signup',
): SignFieldErrors {
  const errors: SignFieldErrors = {};
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
