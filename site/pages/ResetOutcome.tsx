/** What the reset-password page shows instead of its form: success, or a link cut short. */
import { Link } from 'wouter';

/** "Your new password is set" with a way to log in, or "This link is incomplete" with a new one. */
export function ResetOutcome({ titleId, done }: { titleId: string; done: boolean }) {
  return (
    <section className="page sign" aria-labelledby={titleId}>
      <h1 id={titleId}>{done ? 'Your new password is set' : 'This link is incomplete'}</h1>
      <p role="status">
        {done
          ? 'Every device that was signed in to your account has been signed out. Log in with your new password.'
          : 'Open the link from the mail again, or ask for a new one.'}
      </p>
      <p>
        <Link href={done ? '/signin' : '/forgot-password'} className="button">
          {done ? 'Log In' : 'Ask for a new link'}
        </Link>
      </p>
    </section>
  );
}
