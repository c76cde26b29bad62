/** Mailing the address-verification link again, as the banner and the profile offer it. */
import { useState } from 'react';
import { call } from '../../core/index.ts';

/** `resend` mails the link; `answer` is what the server said (sent, or how long to wait). */
export function useResendVerification() {
  const [answer, setAnswer] = useState('');
  const [pending, setPending] = useState(false);

  async function resend() {
    setPending(true);
    const reply = await call('users.resendVerification', {});
    setPending(false);
    setAnswer(reply.status ? reply.message : reply.error_msg);
  }

  return { resend, answer, pending };
}
