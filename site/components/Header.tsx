/**
 * The site header: the site name from the host (with live-mode branding), the main
 * navigation with its menus, and the account menu or the sign-up and sign-in buttons. Below the
 * 1200 px breakpoint the navigation folds into the mobile menu.
 */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { config } from '../../core/index.ts';
import { useSiteName } from '../useSiteName.ts';
import { HeaderAccount } from './HeaderAccount.tsx';
import { MainNav } from './MainNav.tsx';
import { MobileMenuToggle } from './MobileMenuToggle.tsx';

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
  return (
    <header className="header">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Brand />
      <MainNav />
      <HeaderAccount />
      <MobileMenuToggle />
    </header>
  );
}
