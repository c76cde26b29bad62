/**
 * The chat of one session, with its socket, for as long as the session lasts: it tells the host
 * about unread counts, the connection, and new messages from support (and which tab toasts them),
 * and ends the session when the server no longer knows it.
 */
import { type RefObject, useEffect, useState } from 'react';
import { subscribe } from 'valtio/vanilla';
import type { ApiClient } from '../../core/apiClient.ts';
import type { SupportServerMessage } from '../../core/protocol/index.ts';
import {
  createSupportChat,
  createToastTabs,
  previewText,
  type SupportChat,
} from '../../core/supportChat.ts';
import { connectSupport } from '../../core/supportSocket.ts';
import { type ChatSessionToken, forgetVisitor } from './widgetSession.ts';

/** A message from support, as the launcher previews it. */
export interface IncomingMessage {
  text: string;
  /** The text cut to the preview length. */
  preview: string;
  createdAt: string;
}

/** Whom the chat reports to. */
export interface ChatHost {
  onUnread: (count: number) => void;
  onLive: (live: boolean) => void;
  /** A message from support arrived; `toast` says whether this tab is the one to show it. */
  onIncoming: (message: IncomingMessage, toast: boolean) => void;
}

/** The session's chat (null until it is made, or without a session). */
export function useSessionChat(
  session: ChatSessionToken | null,
  client: ApiClient,
  origin: string,
  host: RefObject<ChatHost>,
  endSession: () => void,
): SupportChat | null {
  const [chat, setChat] = useState<SupportChat | null>(null);
  useEffect(() => {
    if (!session) return;
    const tabs = createToastTabs({ channelName: `exchange-support@${origin}` });
    const next = createSupportChat({ api: client, toasts: false });
    const lost = () => {
      // The server no longer knows this session (expired, revoked): start over as a visitor.
      if (session.kind === 'visitor') forgetVisitor(origin);
      endSession();
    };
    const connection = connectSupport({
      baseUrl: origin,
      getTicket: async () => {
        const reply = await client.call('support.getSocketTicket', {});
        if (reply.status) return reply.ticket;
        lost();
        return null;
      },
      onMessage: (message: SupportServerMessage) => {
        next.receive(message);
        if (message.type === 'SUPPORT_NEW_MESSAGE' && !message.message.isOut) {
          const { text, createdAt, id } = message.message;
          const preview = previewText(message.message);
          host.current.onIncoming({ text, preview, createdAt }, tabs.shouldToast(id));
        }
      },
      onStatus: (status) => {
        next.setStatus(status);
        host.current.onLive(status === 'open');
      },
      onReconnect: () => void next.loadHistory(),
    });
    next.connect(connection);
    next.setStatus(connection.status);
    void next.loadHistory();
    const stopUnread = subscribe(next.state, () => host.current.onUnread(next.state.unread));
    setChat(next);
    return () => {
      stopUnread();
      connection.close();
      next.dispose();
      tabs.close();
      setChat(null);
      host.current.onLive(false);
    };
  }, [session, client, origin, host, endSession]);
  return chat;
}
