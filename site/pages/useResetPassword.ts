/** The reset-password form's state: the new password, its error, and whether it is set. */
import { type FormEvent, useRef, useState } from 'react';
import { call, loadUser, newPasswordProblem } from '../../core/index.ts';

/** The password as typed, the message to show, `submit` and `done` once the server set it. */
export function useResetPassword(token: string) {
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(password);
    if (problem !== null) {
      setError(problem);
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
