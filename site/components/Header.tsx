/**
 * The site header: the site name from the host (with live-mode branding), the main
 * navigation with its menus, and the account menu or the sign-up and sign-in buttons. Below the
 * 1200 px breakpoint the navigation folds into the mobile menu.
 */
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { config, modals, openSwap, toggleMenu, user } from '../../core/index.ts';
import {
  ACCOUNT_OVERVIEW_LINK,
  FIAT_ON_RAMP,
  HEADER_MENUS,
  isAdminPath,
  type NavGroup,
} from '../navigation.ts';
import { useSiteName } from '../useSiteName.ts';
import { NavMenu } from './NavMenu.tsx';

const MOBILE_MENU_ID = 'mobile-menu';

// Only signed-in users see it, so visitors do not download it.
const AccountMenu = lazy(() =>
  import('./AccountMenu.tsx').then((module) => ({ default: module.AccountMenu })),
);

// Only loaded when opened: desktop visitors never need it.
const MobileMenu = lazy(() =>
  import('./MobileMenu.tsx').then((module) => ({ default: module.MobileMenu })),
);

function GroupMenu({ group }: { group: NavGroup }) {
  return (
    <NavMenu label={group.label}>
      {(close) => (
        <ul>
          {group.links.map((link) => (
            <li key={link.label}>
              <Link href={link.href} onClick={close}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </NavMenu>
  );
}

/** The site's brand: its name from the host, and a Live badge in live mode. */
export function Brand() {
  const { live } = useSnapshot(config);
  const name = useSiteName();
  return (
    <Link href="/" className={live.is_enabled ? 'brand brand-live' : 'brand'}>
      <img src="/favicon.svg" alt="" width="28" height="28" />
      <span>{name}</span>
      {live.is_enabled ? <span className="brand-live-badge">Live</span> : null}
    </Link>
  );
}

/** The top bar of every page. */
export function Header() {
  const { isAuth } = useSnapshot(user);
  const { live } = useSnapshot(config);
  const { isMenuOpen } = useSnapshot(modals);
  const [location] = useLocation();
  const { EXCHANGE_MENU, HELP_MENU, MARKETS_MENU, ABOUT_MENU } = HEADER_MENUS;

  return (
    <header className="header">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Brand />
      <nav className="header-nav" aria-label="Main">
        <ul>
          <li>
            <Link href="/">Home</Link>
          </li>
          <li>
            <GroupMenu group={EXCHANGE_MENU} />
          </li>
          <li>
            <GroupMenu group={HELP_MENU} />
          </li>
          {live.is_enabled ? null : (
            <li>
              <Link href={FIAT_ON_RAMP.href}>{FIAT_ON_RAMP.label}</Link>
            </li>
          )}
          <li>
            <GroupMenu group={MARKETS_MENU} />
          </li>
          <li>
            <GroupMenu group={ABOUT_MENU} />
          </li>
        </ul>
      </nav>
      <div className="header-account">
        {isAuth ? (
          <>
            {isAdminPath(location) ? (
              <Link href={ACCOUNT_OVERVIEW_LINK.href} className="button secondary">
                {ACCOUNT_OVERVIEW_LINK.label}
              </Link>
            ) : (
              <button
                type="button"
                className="button secondary header-swap"
                onClick={() => openSwap()}
              >
                Swap
              </button>
            )}
            <Suspense fallback={<span className="account-menu-placeholder" />}>
              <AccountMenu />
            </Suspense>
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
      </div>
      <button
        type="button"
        className="menu-button"
        aria-expanded={isMenuOpen}
        aria-controls={MOBILE_MENU_ID}
        onClick={toggleMenu}
      >
        <span className="menu-button-icon" aria-hidden="true" />
        Menu
      </button>
      {isMenuOpen ? (
        <Suspense
          fallback={<nav id={MOBILE_MENU_ID} className="mobile-menu" aria-label="Mobile" />}
        >
          <MobileMenu id={MOBILE_MENU_ID} />
        </Suspense>
      ) : null}
    </header>
  );
}
