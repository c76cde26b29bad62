/** The one staff support socket of the Dashboard, kept open while the page is. */
import { type RefObject, useEffect, useRef } from 'react';
import { apiBaseUrl, resetSupportClient } from '../../../core/index.ts';
import type { SupportChat } from '../../../core/supportChat.ts';
import { connectSupport, type SupportConnection } from '../../../core/supportSocket.ts';
import { socketTicket } from '../../support/socketTicket.ts';

/**
 * Opens the staff socket and returns a ref to it. Messages go to the open dialog's chat, and
 * every new message and every read mark (staff reading a dialog anywhere, a client reading the
 * replies) re-reads the inbox (soon, once for a burst) so its order, unread counts and "Seen"
 * follow; after a drop, the inbox and the open dialog are read again.
 */
export function useStaffSocket(
  chatRef: RefObject<SupportChat | null>,
  refresh: () => Promise<void>,
): RefObject<SupportConnection | null> {
  const connectionRef = useRef<SupportConnection | null>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refreshSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void refresh(), 250);
    };
    const connection = connectSupport({
      baseUrl: apiBaseUrl(),
      getTicket: socketTicket,
      onMessage: (message) => {
        chatRef.current?.receive(message);
        if (
          message.type === 'SUPPORT_READ_MESSAGE' ||
          message.type === 'SUPPORT_NEW_MESSAGE' ||
          message.type === 'SUPPORT_SEND_MESSAGE'
        ) {
          refreshSoon();
        }
      },
      onStatus: (status) => chatRef.current?.setStatus(status),
      onReconnect: () => {
        void refresh();
        void chatRef.current?.loadHistory();
      },
    });
    connectionRef.current = connection;
    void refresh();
    return () => {
      clearTimeout(timer);
      connection.close();
      connectionRef.current = null;
      resetSupportClient();
    };
  }, [chatRef, refresh]);
  return connectionRef;
}
