/** The password form of the settings page: every other session ends when it changes. */
import { type FormEvent, useId, useState } from 'react';
import { call, errorText, newPasswordProblem } from '../../../core/index.ts';
import { FormOutcome } from '../../components/FormOutcome.tsx';
import { PasswordField } from './PasswordField.tsx';

type Fields = { current: string; next: string; repeat: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/** Checks the form before it is sent (the server applies the same rules as sign-up). */
export function validatePasswordForm(fields: Fields): FieldErrors {
  const errors: FieldErrors = {};
  if (fields.current === '') errors.current = 'Enter your current password.';
  const tooShort = newPasswordProblem(fields.next);
  if (tooShort !== null) errors.next = tooShort;
  else if (fields.next === fields.current) errors.next = errorText('account.samePassword');
  if (fields.repeat !== fields.next) errors.repeat = 'The two new passwords do not match.';
  return errors;
}

const EMPTY: Fields = { current: '', next: '', repeat: '' };

/** Changes the password; `onChanged` hears how many other sessions ended. */
export function PasswordSection({ onChanged }: { onChanged: (endedSessions: number) => void }) {
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState('');
  const [done, setDone] = useState('');
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validatePasswordForm(fields);
    setErrors(found);
    setServerError('');
    setDone('');
    const first = Object.keys(found)[0];
    if (first !== undefined) {
      form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setPending(true);
    const reply = await call('users.changePassword', {
      currentPassword: fields.current,
      newPassword: fields.next,
    });
    setPending(false);
    if (!reply.status) {
      setServerError(reply.error_msg);
      return;
    }
    setFields(EMPTY);
    const ended = reply.endedSessions;
    setDone(
      ended === 0
        ? 'Password changed.'
        : `Password changed. ${ended} other session${ended === 1 ? '' : 's'} signed out.`,
    );
    onChanged(ended);
  }

  const field = (name: keyof Fields, label: string, autoComplete: string) => (
    <PasswordField
      prefix={id}
      name={name}
      label={label}
      autoComplete={autoComplete}
      value={fields[name]}
      error={errors[name]}
      onChange={(value) => setFields({ ...fields, [name]: value })}
    />
  );

  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Password</h2>
      <form className="settings-form" onSubmit={submit} noValidate>
        <p className="field-hint">
          Changing it signs you out on every other device. Withdrawals pause for 24 hours after a
          change.
        </p>
        {field('current', 'Current password', 'current-password')}
        {field('next', 'New password', 'new-password')}
        {field('repeat', 'Repeat the new password', 'new-password')}
        <FormOutcome error={serverError} done={done} />
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Please wait…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
