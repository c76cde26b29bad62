/**
 * The heavy half of `<support-chat>`, loaded on demand: the chat instance and its socket (while a
 * session exists), the pre-chat form that starts a visitor session, and the panel. The light half
 * (SupportChatWidget) draws the launcher and learns unread counts and new messages from here.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createApiClient } from '../../core/apiClient.ts';
import { SupportPanel } from './SupportPanel.tsx';
import { useErrorAlert } from './useErrorAlert.ts';
import { type ChatHost, useSessionChat } from './useSessionChat.ts';
import { VisitorForm } from './VisitorForm.tsx';
import { type ChatSessionToken, rememberVisitor, storedSession } from './widgetSession.ts';

export type { IncomingMessage } from './useSessionChat.ts';

/** What the light half passes down and hears back. */
export interface ChatSessionProps extends ChatHost {
  /** The exchange's origin. */
  origin: string;
  open: boolean;
  heading: string;
  onClose: () => void;
}

/** The chat session, the pre-chat form or the panel, as the state requires. */
export default function ChatSession(props: ChatSessionProps) {
  const { origin, open } = props;
  const [session, setSession] = useState<ChatSessionToken | null>(() => storedSession(origin));
  // The latest callbacks, so the connection made once per session always reaches the host.
  const host = useRef(props);
  host.current = props;

  const token = session?.token ?? '';
  const client = useMemo(
    () => createApiClient({ baseUrl: () => origin, token: () => token }),
    [origin, token],
  );

  const endSession = useCallback(() => setSession(null), []);
  const chat = useSessionChat(session, client, origin, host, endSession);
  const alert = useErrorAlert();

  useEffect(() => {
    if (!chat) return;
    chat.setOpen(open);
  }, [chat, open]);

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
