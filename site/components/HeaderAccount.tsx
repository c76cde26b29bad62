/** The header's account corner: the account menu when signed in, the ways in when not. */
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { openSwap, user } from '../../core/index.ts';
import { ACCOUNT_OVERVIEW_LINK, isAdminPath } from '../navigation.ts';

// Only signed-in users see it, so visitors do not download it.
const AccountMenu = lazy(() =>
  import('./AccountMenu.tsx').then((module) => ({ default: module.AccountMenu })),
);

/**
 * Signed in: Swap (or, on admin pages, the way back to the account) and the account menu.
 * Signed out: Create account and Log In.
 */
export function HeaderAccount() {
  const { isAuth } = useSnapshot(user);
  const [location] = useLocation();
  return (
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
  );
}
