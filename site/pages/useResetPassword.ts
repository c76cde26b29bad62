/** The reset-password form's state: the new password, its error, and whether it is set. */
import { type FormEvent, useRef, useState } from 'react';
import { call, loadUser } from '../../core/index.ts';
import { MIN_PASSWORD_LENGTH } from './signForm.ts';

/** The password as typed, the message to show, `submit` and `done` once the server set it. */
export function useResetPassword(token: string) {
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
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

  return { input, password, setPassword, error, done, pending, submit };
}
