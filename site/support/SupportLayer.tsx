/**
 * The site's live-support layer: for a signed-in
 * client (statusId 0) it loads the chat code, opens the socket and shows the launcher or the
 * panel. In live mode signed-out visitors get the widget suite's `<support-chat>` as a visitor
 * chat. Others download none of it.
 */
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { config, user } from '../../core/index.ts';
import { isAdminPath } from '../navigation.ts';
import { useWidgets } from '../useWidgets.ts';

const UserSupport = lazy(() => import('./UserSupport.tsx'));

/** The visitor chat of live mode. */
function VisitorChat() {
  useWidgets();
  return <support-chat label="Live Support" />;
}

/** Mount once in the app; renders nothing for visitors (outside live mode) and staff. */
export function SupportLayer() {
  const { isAuth, isLoaded, statusId, id } = useSnapshot(user);
  const { live } = useSnapshot(config);
  const [location] = useLocation();
  if (isLoaded && !isAuth && live.is_enabled && !isAdminPath(location)) return <VisitorChat />;
  if (!isLoaded || !isAuth || statusId !== 0 || id === 0) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed by account: signing in as someone else starts a fresh chat and socket. */}
      <UserSupport key={id} />
    </Suspense>
  );
}
