/** The site header: the site name, and the account summary or the sign-in buttons (spec §2). */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatUsd, siteName, user } from '../../core/index.ts';

/** The top bar of every page. */
export function Header() {
  const { isAuth, email, balance } = useSnapshot(user);
  return (
    <header className="header">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Link href="/" className="brand">
        {siteName(window.location.hostname)}
      </Link>
      <nav className="header-account" aria-label="Account">
        {isAuth ? (
          <>
            <Link href="/account" className="header-user">
              <span className="header-email">{email}</span>
              <span className="header-balance" data-testid="header-balance">
                {formatUsd(balance)}
              </span>
            </Link>
            <Link href="/account/logout" className="button secondary">
              Log out
            </Link>
          </>
        ) : (
          <>
            <Link href="/signup" className="button">
              Create account
            </Link>
            <Link href="/signin" className="button secondary">
              Log In
            </Link>
          </>
        )}
      </nav>
    </header>
  );
}
