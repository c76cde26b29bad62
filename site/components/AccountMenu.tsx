/**
 * The signed-in header's account menu: avatar (a default image when none), email and
 * USD balance on the button; the Premium, 2FA and Verified badges and the account links inside,
 * with Dashboard for staff.
 */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatUsd, setModal, user } from '../../core/index.ts';
import { ACCOUNT_LINKS, DASHBOARD_LINK } from '../navigation.ts';
import { NavMenu } from './NavMenu.tsx';

/** The picture shown when the account has none. */
export const DEFAULT_AVATAR = '/avatar.svg';

/**
 * The three status badges: each says whether it applies; while identity documents are
 * under review, the Verified badge says so.
 */
export function StatusBadges() {
  const { isPremium, is2FA, two_factor, isVerified, isKycPending } = useSnapshot(user);
  const badges = [
    { label: 'Premium', on: isPremium },
    { label: '2FA', on: is2FA || two_factor },
    { label: !isVerified && isKycPending ? 'Verification pending' : 'Verified', on: isVerified },
  ];
  return (
    <ul className="badges" aria-label="Account status">
      {badges.map((badge) => (
        <li key={badge.label} className={badge.on ? 'badge on' : 'badge'}>
          {badge.label}
          <span className="visually-hidden">{badge.on ? ': yes' : ': no'}</span>
        </li>
      ))}
    </ul>
  );
}

/** The avatar for the signed-in user. */
export function Avatar({ size = 32 }: { size?: number }) {
  const { image } = useSnapshot(user);
  return (
    <img
      className="avatar"
      src={image || DEFAULT_AVATAR}
      alt=""
      width={size}
      height={size}
      onError={(event) => {
        // A broken stored picture falls back to the default rather than a broken-image icon.
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR))
          event.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}

/** The account drop-down. */
export function AccountMenu() {
  const { email, balance, statusId, isVerified, isKycPending } = useSnapshot(user);
  return (
    <NavMenu
      className="account-menu"
      align="end"
      label={
        <span className="account-summary-button">
          <Avatar />
          <span className="account-text">
            <span className="header-email">{email}</span>
            <span className="header-balance" data-testid="header-balance">
              {formatUsd(balance)}
            </span>
          </span>
          <span className="visually-hidden"> account menu</span>
        </span>
      }
    >
      {(close) => (
        <>
          <StatusBadges />
          {!isVerified && (
            <button
              type="button"
              className="button secondary account-verify"
              onClick={() => {
                close();
                setModal('isKYCOpen', true);
              }}
            >
              {isKycPending ? 'Verification status' : 'Verify your identity'}
            </button>
          )}
          <ul>
            {ACCOUNT_LINKS.map((link) => (
              <li key={link.href}>
                <Link href={link.href} onClick={close}>
                  {link.label}
                </Link>
              </li>
            ))}
            {statusId > 0 ? (
              <li>
                <Link href={DASHBOARD_LINK.href} onClick={close}>
                  {DASHBOARD_LINK.label}
                </Link>
              </li>
            ) : null}
            <li>
              <Link href="/account/logout" onClick={close}>
                Log out
              </Link>
            </li>
          </ul>
        </>
      )}
    </NavMenu>
  );
}
