/**
 * `/verify-email?token=…`: the page the link mailed after sign-up opens. The address is confirmed
 * by a press of the button, not on opening, so a mail scanner that opens links cannot use up the
 * link before the person does.
 */
import { useId, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { call, loadUser } from '../../core/index.ts';

export default function VerifyEmailPage() {
  const id = useId();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    const reply = await call('users.verifyEmail', { verifyToken: token });
    setPending(false);
    setAnswer(
      reply.status ? { ok: true, text: reply.message } : { ok: false, text: reply.error_msg },
    );
    if (reply.status) void loadUser();
  }

  return (
    <section className="page sign" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Confirm your email address</h1>
      {answer === null ? (
        token === '' ? (
          <p role="alert">This link is incomplete: open the link from the mail again.</p>
        ) : (
          <button type="button" className="button" disabled={pending} onClick={confirm}>
            {pending ? 'Please wait…' : 'Confirm my address'}
          </button>
        )
      ) : (
        <p role={answer.ok ? 'status' : 'alert'}>{answer.text}</p>
      )}
      <p className="sign-switch">
        <Link href="/account">Go to your account</Link>
      </p>
    </section>
  );
}
