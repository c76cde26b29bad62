/** The header's main navigation: Home, the menus of links, and the card purchase outside live mode. */
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { config } from '../../core/index.ts';
import { FIAT_ON_RAMP, HEADER_MENUS, type NavGroup } from '../navigation.ts';
import { NavMenu } from './NavMenu.tsx';

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

/** The "Main" navigation landmark of the desktop header. */
export function MainNav() {
  const { live } = useSnapshot(config);
  const { EXCHANGE_MENU, HELP_MENU, MARKETS_MENU, ABOUT_MENU } = HEADER_MENUS;
  return (
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
  );
}
