/**
 * The sign-in and sign-up form's state: the fields (the referral code prefilled from a `?ref=`
 * link), their errors, the server's answer, and whether the sign-in asks for a two-factor code.
 */
import { type FormEvent, useState } from 'react';
import { authenticate, readStored, STORAGE_KEYS } from '../../core/index.ts';
import { type SignFieldErrors, type SignFields, validateSignForm } from './signForm.ts';

/** The form's fields and messages, `submit`, and `onSignedIn` called once the account is in. */
export function useSignForm(mode: 'signin' | 'signup', onSignedIn: () => void) {
  const [fields, setFields] = useState<SignFields>(() => ({
    email: '',
    password: '',
    login: '',
    ref: readStored(STORAGE_KEYS.referralCode) ?? '',
  }));
  const [errors, setErrors] = useState<SignFieldErrors>({});
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
    if (result.ok) onSignedIn();
    else if (result.twoFactorRequired) setAskCode(true);
    else setServerError(result.error);
  }

  // Back from the code step to the form, the password cleared to be typed again.
  const leaveCodeStep = () => {
    setAskCode(false);
    setFields({ ...fields, password: '' });
  };

  return { fields, setFields, errors, serverError, pending, askCode, submit, leaveCodeStep };
}
