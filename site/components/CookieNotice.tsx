/** The cookie notice: shown until accepted, then remembered as true. */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { acceptCookies, cookies } from '../../core/index.ts';

/** A bottom banner with the Accept button, until the visitor accepts. */
export function CookieNotice() {
  const { isAccepted } = useSnapshot(cookies);
  if (isAccepted) return null;
  return (
    <section className="cookie-notice" aria-label="Cookie notice">
      <p>
        We store your session and choices in this browser. With your consent we also count page
        views and, if you came from an advert, tell the advertiser with a hashed identifier. Read
        the <Link href="/cookie-policy">Cookie Policy</Link>.
      </p>
      <button type="button" className="button" onClick={acceptCookies}>
        Accept
      </button>
    </section>
  );
}
