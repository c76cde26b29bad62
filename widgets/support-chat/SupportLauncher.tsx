/** The floating Live Support button with its live indicator and unread badge. */
import { SUPPORT_LAUNCHER_CSS } from './launcherStyles.ts';
import { SUPPORT_THEME_CSS } from './themeStyles.ts';

/** What the launcher shows. */
export interface SupportLauncherProps {
  onOpen: () => void;
  /** Unread messages from support; a badge shows when above 0. */
  unread: number;
  /** Whether the live connection is open (the dot blinks then). */
  live: boolean;
  label?: string;
  /** Whether to include the styles (a host that already has them may leave them out). */
  withStyles?: boolean;
}

/** The launcher button; its accessible name carries the unread count. */
export function SupportLauncher({
  onOpen,
  unread,
  live,
  label = 'Live Support',
  withStyles = true,
}: SupportLauncherProps) {
  const name = unread > 0 ? `${label}, ${unread} unread` : label;
  return (
    <>
      {withStyles && <style>{SUPPORT_THEME_CSS + SUPPORT_LAUNCHER_CSS}</style>}
      <button
        type="button"
        className="sc-launcher"
        part="launcher"
        aria-label={name}
        aria-haspopup="dialog"
        onClick={onOpen}
      >
        <span className="sc-launcher-dot" data-live={String(live)} aria-hidden="true" />
        <span aria-hidden="true">{label}</span>
        {unread > 0 && (
          <span className="sc-badge" part="badge" aria-hidden="true" data-testid="support-unread">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
    </>
  );
}
