/**
 * A signed-in client's support chat: one chat instance and one socket for the page's life,
 * the launcher while the panel is closed (not on admin paths), the panel while the store's
 * `modals.isOpenSupport` flag is set, and the unread count mirrored into the store for the
 * bottom bar. Loaded lazily by SupportLayer.
 */
import { useEffect, useRef, useState } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { apiBaseUrl, modals, setModal, setUnreadMessages } from '../../core/index.ts';
import { createSupportChat, createToastTabs, type SupportChat } from '../../core/supportChat.ts';
import { connectSupport } from '../../core/supportSocket.ts';
import { SupportLauncher } from '../../widgets/support-chat/SupportLauncher.tsx';
import { SupportPanel } from '../../widgets/support-chat/SupportPanel.tsx';
import { isAdminPath } from '../navigation.ts';
import { socketTicket } from './socketTicket.ts';

/** The client's chat: launcher, panel, socket and unread sync. */
export default function UserSupport() {
  const [chat, setChat] = useState<SupportChat | null>(null);
  const { isOpenSupport } = useSnapshot(modals);
  const [location] = useLocation();
  const launcherHost = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);
  const panelHost = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const next = createSupportChat({ tabs: createToastTabs() });
    const connection = connectSupport({
      baseUrl: apiBaseUrl(),
      getTicket: socketTicket,
      onMessage: next.receive,
      onStatus: next.setStatus,
      // Whatever was missed while the socket was down comes back with the history.
      onReconnect: () => void next.loadHistory(),
    });
    next.connect(connection);
    next.setStatus(connection.status);
    void next.loadHistory();
    const stop = subscribe(next.state, () => setUnreadMessages(next.state.unread));
    setChat(next);
    return () => {
      stop();
      connection.close();
      next.dispose();
      setUnreadMessages(0);
    };
  }, []);

  useEffect(() => {
    chat?.setOpen(isOpenSupport);
    // Closing the panel gives focus back to the launcher, where the person left it.
    if (wasOpen.current && !isOpenSupport) {
      requestAnimationFrame(() => launcherHost.current?.querySelector('button')?.focus());
    }
    wasOpen.current = isOpenSupport;
  }, [chat, isOpenSupport]);

  // Like the site's other modals, the panel closes on Escape and on a click outside
  // it; the chat keeps its draft and attachment, so nothing typed is lost by closing.
  useEffect(() => {
    if (!isOpenSupport) return;
    const close = () => setModal('isOpenSupport', false);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    const onPointer = (event: PointerEvent) => {
      const panel = panelHost.current;
      if (panel && !event.composedPath().includes(panel)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpenSupport]);

  if (!chat) return null;
  if (isOpenSupport) {
    return (
      <div ref={panelHost}>
        <SupportPanel chat={chat} onClose={() => setModal('isOpenSupport', false)} autoFocus />
      </div>
    );
  }
  if (isAdminPath(location)) return null;
  return (
    <div ref={launcherHost}>
      <LiveLauncher chat={chat} />
    </div>
  );
}

function LiveLauncher({ chat }: { chat: SupportChat }) {
  const { unread, status } = useSnapshot(chat.state);
  return (
    <SupportLauncher
      onOpen={() => setModal('isOpenSupport', true)}
      unread={unread}
      live={status === 'open'}
    />
  );
}
