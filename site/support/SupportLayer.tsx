/**
 * The site's live-support layer (spec §2 Live Support button, §4 Support chat): for a signed-in
 * client (statusId 0) it loads the chat code, opens the socket and shows the launcher or the
 * panel. Visitors and staff download none of it.
 */
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { user } from '../../core/index.ts';

const UserSupport = lazy(() => import('./UserSupport.tsx'));

/** Mount once in the app; renders nothing for visitors and staff. */
export function SupportLayer() {
  const { isAuth, isLoaded, statusId, id } = useSnapshot(user);
  if (!isLoaded || !isAuth || statusId !== 0 || id === 0) return null;
  return (
    <Suspense fallback={null}>
      {/* Keyed by account: signing in as someone else starts a fresh chat and socket. */}
      <UserSupport key={id} />
    </Suspense>
  );
}
