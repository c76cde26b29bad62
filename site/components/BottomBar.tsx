/**
 * The mobile bottom bar: for signed-in non-staff users below 1200 px, not on admin
 * paths — Assets, Withdraw, Buy Crypto, Trading, and Support with the unread-count badge.
 */
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { setModal, supportClient, user } from '../../core/index.ts';
import { BOTTOM_BAR_LINKS, isAdminPath } from '../navigation.ts';

/** The bar, or nothing for visitors, staff and admin paths. */
export function BottomBar() {
  const { isAuth, statusId } = useSnapshot(user);
  const { unreadMessages } = useSnapshot(supportClient);
  const [location] = useLocation();
  if (!isAuth || statusId > 0 || isAdminPath(location)) return null;
  return (
    <nav className="bottom-bar" aria-label="Quick links">
      <ul>
        {BOTTOM_BAR_LINKS.map((link) => (
          <li key={link.label}>
            <Link href={link.href} aria-current={location === link.href ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="bottom-bar-support"
            onClick={() => setModal('isOpenSupport', true)}
          >
            Support
            {unreadMessages > 0 ? (
              <span className="unread-badge" data-testid="bottom-bar-unread">
                {unreadMessages}
                <span className="visually-hidden"> unread</span>
              </span>
            ) : null}
          </button>
        </li>
      </ul>
    </nav>
  );
}
