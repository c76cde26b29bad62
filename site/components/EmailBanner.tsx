/**
 * Until the account's address is verified, a banner under the header says so and mails the link
 * again on request (the server limits how often). Staff and the configured accounts are verified
 * at start, so they never see it.
 */
import { useSnapshot } from 'valtio';
import { user } from '../../core/index.ts';
import { useResendVerification } from './useResendVerification.ts';

export function EmailBanner() {
  const { isAuth, isLoaded, isEmailVerified, email } = useSnapshot(user);
  const { resend, answer, pending } = useResendVerification();
  if (!isAuth || !isLoaded || isEmailVerified) return null;

  return (
    <section className="email-banner" aria-label="Email verification">
      <p>
        Confirm your address: follow the link we mailed to <strong>{email}</strong>. It is how you
        get back in if you forget your password.
      </p>
      <button type="button" className="button secondary" disabled={pending} onClick={resend}>
        {pending ? 'Sending…' : 'Send the link again'}
      </button>
      <p role="status" className="email-banner-answer">
        {answer}
      </p>
    </section>
  );
}
