/**
 * The mobile menu (below 1200 px it mirrors the header): every header link and menu
 * entry, then the account links or the sign-up and sign-in buttons. Following a link, Escape or a
 * route change closes it.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { config, formatUsd, modals, toggleMenu, user } from '../../core/index.ts';
import {
  ACCOUNT_LINKS,
  DASHBOARD_LINK,
  FIAT_ON_RAMP,
  HEADER_MENUS,
  type NavLink,
} from '../navigation.ts';
import { StatusBadges } from './AccountMenu.tsx';

function closeMenu() {
  if (modals.isMenuOpen) toggleMenu();
}

function Links({ links }: { links: readonly NavLink[] }) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.label}>
          <Link href={link.href} onClick={closeMenu}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The folded navigation, shown while the store's menu flag is on. */
export function MobileMenu({ id }: { id: string }) {
  const { isAuth, email, balance, statusId } = useSnapshot(user);
  const { live } = useSnapshot(config);
  const [location] = useLocation();
  const opened = useRef(location);
  const { EXCHANGE_MENU, HELP_MENU, MARKETS_MENU, ABOUT_MENU } = HEADER_MENUS;

  useEffect(() => {
    if (location !== opened.current) closeMenu();
  }, [location]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeMenu();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <nav id={id} className="mobile-menu" aria-label="Mobile">
      <ul className="mobile-menu-top">
        <li>
          <Link href="/" onClick={closeMenu}>
            Home
          </Link>
        </li>
        {live.is_enabled ? null : (
          <li>
            <Link href={FIAT_ON_RAMP.href} onClick={closeMenu}>
              {FIAT_ON_RAMP.label}
            </Link>
          </li>
        )}
      </ul>
      {[EXCHANGE_MENU, HELP_MENU, MARKETS_MENU, ABOUT_MENU].map((group) => (
        <div key={group.label}>
          <h2 className="mobile-menu-heading">{group.label}</h2>
          <Links links={group.links} />
        </div>
      ))}
      <div className="mobile-menu-account">
        {isAuth ? (
          <>
            <h2 className="mobile-menu-heading">
              {email} · {formatUsd(balance)}
            </h2>
            <StatusBadges />
            <Links
              links={[
                ...ACCOUNT_LINKS,
                ...(statusId > 0 ? [DASHBOARD_LINK] : []),
                { label: 'Log out', href: '/account/logout' },
              ]}
            />
          </>
        ) : (
          <div className="actions">
            <Link href="/signup" className="button" onClick={closeMenu}>
              Create account
            </Link>
            <Link href="/signin" className="button secondary" onClick={closeMenu}>
              Log In
            </Link>
          </div>
        )}
      </div>
    </nav>
  );
}
