/**
 * `<support-chat>`'s component, the light half: the launcher (with its unread badge and a 3 s
 * preview of a new message while closed), drawn at once. The chat itself (ChatSession)
 * loads when the panel first opens, or right away when a session already exists so that unread
 * counts and previews work before the person opens it.
 */
import { useEffect, useRef, useState } from 'react';
import { emit } from '../shared/emit.ts';
import { hostOf, hostStateOf, useHostState } from '../shared/hostState.ts';
import { onDemand, useOnDemand } from '../shared/onDemand.ts';
import { apiOrigin } from '../shared/scriptOrigin.ts';
import { useOpenEvents } from '../shared/useOpenEvents.ts';
import type { IncomingMessage } from './ChatSession.tsx';
import { SUPPORT_LAUNCHER_CSS } from './launcherStyles.ts';
import { SupportLauncher } from './SupportLauncher.tsx';
import { SUPPORT_THEME_CSS } from './themeStyles.ts';
import { storedSession } from './widgetSession.ts';

const chatSession = onDemand(() => import('./ChatSession.tsx'));

/** How long a new message's preview stays: 3 s, like the new-message toast. */
export const PREVIEW_MS = 3000;

/** The state the element's attributes and JS API drive. */
export interface SupportChatHostState {
  open: boolean;
  /** No floating launcher: the host page opens the chat through the JS API. */
  hideLauncher: boolean;
  unread: number;
}

/** The element's string attributes. */
export interface SupportChatProps {
  /** The exchange's origin, when it is not the script's. */
  api?: string;
  /** The launcher's text; 'Live Support' by default. */
  label?: string;
  /** The panel's heading; 'Live support' by default. */
  heading?: string;
  /** The element's shadow root (widgetElement.ts). */
  container?: unknown;
}

const CLOSED: SupportChatHostState = { open: false, hideLauncher: false, unread: 0 };

/** The launcher, and the chat once needed. */
export function SupportChatWidget({ api, label, heading, container }: SupportChatProps) {
  const hostState = hostStateOf<SupportChatHostState>(container);
  const { open, hideLauncher, unread } = useHostState(hostState, CLOSED);
  const host = hostOf(container);
  const origin = apiOrigin(api);
  const [needed, setNeeded] = useState(() => storedSession(origin) !== null);
  const ChatSession = useOnDemand(chatSession, needed)?.default;
  const [live, setLive] = useState(false);
  const [preview, setPreview] = useState<IncomingMessage | null>(null);
  const launcher = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(open);
  useOpenEvents(host, 'support-chat', open, true);

  useEffect(() => {
    if (open) setNeeded(true);
    if (open === wasOpen.current) return;
    wasOpen.current = open;
    // Closing gives focus back to the launcher, where the person left it.
    if (!open) requestAnimationFrame(() => launcher.current?.querySelector('button')?.focus());
    else setPreview(null);
  }, [open]);

  useEffect(() => {
    if (preview === null) return;
    const timer = setTimeout(() => setPreview(null), PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [preview]);

  const setOpen = (next: boolean) => hostState?.set({ open: next });

  return (
    <>
      <style>{SUPPORT_THEME_CSS + SUPPORT_LAUNCHER_CSS}</style>
      {!open && !hideLauncher && (
        <div ref={launcher}>
          <SupportLauncher
            onOpen={() => setOpen(true)}
            unread={unread}
            live={live}
            withStyles={false}
            {...(label ? { label } : {})}
          />
          {preview !== null && (
            <button
              type="button"
              className="sc-preview"
              part="preview"
              onClick={() => setOpen(true)}
            >
              <strong>New message from support</strong>
              <span role="status">{preview.preview}</span>
            </button>
          )}
        </div>
      )}
      {ChatSession && (
        <ChatSession
          origin={origin}
          open={open}
          heading={heading || 'Live support'}
          onClose={() => setOpen(false)}
          onLive={setLive}
          onUnread={(count) => {
            if (count === hostState?.get().unread) return;
            hostState?.set({ unread: count });
            emit(host, 'exchange-unread', { count });
          }}
          onIncoming={(message, toast) => {
            emit(host, 'exchange-message', { text: message.text, createdAt: message.createdAt });
            if (toast && !hostState?.get().open) setPreview(message);
          }}
        />
      )}
    </>
  );
}
