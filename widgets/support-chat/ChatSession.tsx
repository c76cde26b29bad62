/**
 * The heavy half of `<support-chat>`, loaded on demand: the chat instance and its socket (while a
 * session exists), the pre-chat form that starts a visitor session, and the panel. The light half
 * (SupportChatWidget) draws the launcher and learns unread counts and new messages from here.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { subscribe } from 'valtio/vanilla';
import { createApiClient } from '../../core/apiClient.ts';
import { onNotify } from '../../core/notify.ts';
import type { SupportServerMessage } from '../../core/protocol/index.ts';
import {
  createSupportChat,
  createToastTabs,
  previewText,
  type SupportChat,
} from '../../core/supportChat.ts';
import { connectSupport } from '../../core/supportSocket.ts';
import { SupportPanel } from './SupportPanel.tsx';
import { VisitorForm } from './VisitorForm.tsx';
import {
  type ChatSessionToken,
  forgetVisitor,
  rememberVisitor,
  storedSession,
} from './widgetSession.ts';

/** A message from support, as the launcher previews it. */
export interface IncomingMessage {
  text: string;
  /** The text cut to the preview length. */
  preview: string;
  createdAt: string;
}

/** What the light half passes down and hears back. */
export interface ChatSessionProps {
  /** The exchange's origin. */
  origin: string;
  open: boolean;
  heading: string;
  onClose: () => void;
  onUnread: (count: number) => void;
  onLive: (live: boolean) => void;
  /** A message from support arrived; `toast` says whether this tab is the one to show it. */
  onIncoming: (message: IncomingMessage, toast: boolean) => void;
}

/** The chat session, the pre-chat form or the panel, as the state requires. */
export default function ChatSession(props: ChatSessionProps) {
  const { origin, open } = props;
  const [session, setSession] = useState<ChatSessionToken | null>(() => storedSession(origin));
  const [chat, setChat] = useState<SupportChat | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  // The latest callbacks, so the connection made once per session always reaches the host.
  const host = useRef(props);
  host.current = props;

  const token = session?.token ?? '';
  const client = useMemo(
    () => createApiClient({ baseUrl: () => origin, token: () => token }),
    [origin, token],
  );

  useEffect(() => {
    if (!session) return;
    const tabs = createToastTabs({ channelName: `exchange-support@${origin}` });
    const next = createSupportChat({ api: client, toasts: false });
    const lost = () => {
      // The server no longer knows this session (expired, revoked): start over as a visitor.
      if (session.kind === 'visitor') forgetVisitor(origin);
      setSession(null);
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
  }, [session, client, origin]);

  useEffect(() => {
    if (!chat) return;
    chat.setOpen(open);
  }, [chat, open]);

  // Upload and send failures arrive on core's notification bus; the panel shows them.
  useEffect(
    () =>
      onNotify((note) => {
        if (note.tone === 'error') setAlert(note.text);
      }),
    [],
  );
  useEffect(() => {
    if (alert === null) return;
    const timer = setTimeout(() => setAlert(null), 5000);
    return () => clearTimeout(timer);
  }, [alert]);

  if (!open) return null;
  if (!session) {
    return (
      <VisitorForm
        heading={props.heading}
        onClose={props.onClose}
        onStart={async (details) => {
          const reply = await client.call('support.startVisitor', details);
          if (!reply.status) return reply.error_msg;
          rememberVisitor(origin, reply.token);
          setSession({ token: reply.token, kind: 'visitor' });
          return null;
        }}
      />
    );
  }
  if (!chat) return null;
  return (
    <>
      <SupportPanel
        chat={chat}
        title={props.heading}
        baseUrl={origin}
        onClose={props.onClose}
        autoFocus
      />
      {alert !== null && (
        <p className="sc-toast" part="alert" role="alert">
          {alert}
        </p>
      )}
    </>
  );
}
