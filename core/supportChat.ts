/**
 * The live-support chat's state and actions, one instance per chat
 * widget so two chats on a page never share state. Framework-free: the panel reads `state` with
 * valtio's useSnapshot and calls the actions; the socket (core/supportSocket.ts) feeds `receive`.
 *
 * The user side and the staff side share it: a staff chat names the client's `userId`, ignores
 * socket messages about other dialogs, and counts the client's messages (isOut) as incoming.
 */
import { proxy } from 'valtio/vanilla';
import { siteApi } from './api.ts';
import type { ApiClient } from './apiClient.ts';
import { notify } from './notify.ts';
import {
  type Attachment,
  SUPPORT_TYPING_MS,
  type SupportMessage,
  type SupportServerMessage,
} from './protocol/index.ts';
import { canPickAttachment, canSendMessage, pickAttachment } from './rules.ts';
import type { SupportConnection, SupportSocketStatus } from './supportSocket.ts';
import { type UploadOptions, uploadAttachment } from './upload.ts';

/** How many characters of a new message the toast previews. */
export const SUPPORT_PREVIEW_CHARS = 64;

/** A message sent but not yet echoed by the server: shown as "sending…". */
export interface OutgoingMessage {
  id: string;
  text: string;
  attachment: Attachment | null;
  createdAt: string;
}

/** An attachment being uploaded: its file name and the fraction sent. */
export interface UploadProgress {
  name: string;
  progress: number;
}

/** Everything the chat panel shows. */
export interface SupportChatState {
  /** Stored messages, oldest first, one per id. */
  messages: SupportMessage[];
  /** Sent messages awaiting their echo, in the order sent. */
  outbox: OutgoingMessage[];
  /** Whether the history has been read (successfully or not). */
  isLoaded: boolean;
  /** The server's error_msg when the history could not be read. */
  error: string | null;
  status: SupportSocketStatus;
  draft: string;
  /** The uploaded attachment the next message carries. */
  attachment: Attachment | null;
  /** The file name of that attachment, for the panel to show. */
  attachmentName: string | null;
  upload: UploadProgress | null;
  /** The id of the message whose echo is awaited; no send while set. */
  pendingId: string | null;
  /** Whether the other side is typing (for 10 s or until the next message). */
  isTyping: boolean;
  isOpen: boolean;
  unread: number;
}

/** What a history load answers: the messages and the unread count, or the server's error. */
export type HistoryReply =
  | { status: true; messages: SupportMessage[]; unread?: number }
  | { status: false; error_msg: string };

/** The collaborators a chat uses; each has a default that talks to the real server. */
export interface SupportChatOptions {
  /** Staff chats name the client whose dialog they show. */
  userId?: number;
  /** The API client the default collaborators use; the site's by default. */
  api?: ApiClient;
  /** Reads the history; default `support.getHistory`. */
  loadHistory?: () => Promise<HistoryReply>;
  /** Marks the dialog read; default `support.markRead`. */
  markRead?: () => Promise<unknown>;
  /** Uploads an attachment; default core/upload.ts. */
  upload?: typeof uploadAttachment;
  /** Decides which of several open tabs shows a toast; default: this tab alone. */
  tabs?: ToastTabs;
  /** Whether new messages toast while the panel is closed; default true (the user side). */
  toasts?: boolean;
}

/** The connection a chat sends through: the socket client's send and typing. */
export type ChatConnection = Pick<SupportConnection, 'send' | 'typing'>;

/** One chat: its state proxy and its actions. */
export interface SupportChat {
  readonly state: SupportChatState;
  readonly userId: number | null;
  /** Sends through this connection from now on (null detaches). */
  connect(connection: ChatConnection | null): void;
  /** Applies one message from the socket. */
  receive(message: SupportServerMessage): void;
  /** Records the socket's status; going offline turns a pending send into a queued one. */
  setStatus(status: SupportSocketStatus): void;
  /** Reads the history (at mount and after every reconnect). */
  loadHistory(): Promise<void>;
  /** Opens or closes the panel; opening resets unread to 0 and marks the dialog read. */
  setOpen(open: boolean): void;
  /** Sets the unread count (from the history or the store). */
  setUnread(count: number): void;
  /** Edits the draft and tells the other side we are typing (the connection throttles it). */
  setDraft(text: string): void;
  /** Whether Enter would send now. */
  canSend(): boolean;
  /** Sends the draft and attachment; returns false when there was nothing to send. */
  send(): boolean;
  /** Validates and uploads a picked file as the attachment. */
  attach(files: readonly File[]): Promise<void>;
  /** Drops the attachment (or cancels its upload). */
  removeAttachment(): void;
  /** Stops timers and leaves the tab group. */
  dispose(): void;
}

/** A fresh, empty chat state. */
export function initialSupportChatState(): SupportChatState {
  return {
    messages: [],
    outbox: [],
    isLoaded: false,
    error: null,
    status: 'closed',
    draft: '',
    attachment: null,
    attachmentName: null,
    upload: null,
    pendingId: null,
    isTyping: false,
    isOpen: false,
    unread: 0,
  };
}

/** Cuts a message to the toast preview length: 64 characters. */
export function previewText(message: Pick<SupportMessage, 'text' | 'attachment'>): string {
  const text = message.text.trim() || (message.attachment ? 'Sent an attachment' : '');
  return text.length > SUPPORT_PREVIEW_CHARS ? `${text.slice(0, SUPPORT_PREVIEW_CHARS)}…` : text;
}

/** Creates one chat, with its own state. */
export function createSupportChat(options: SupportChatOptions = {}): SupportChat {
  const userId = options.userId ?? null;
  const isStaff = userId !== null;
  const state = proxy<SupportChatState>(initialSupportChatState());
  const api = options.api ?? siteApi;
  const upload =
    options.upload ??
    ((file: Blob, settings: UploadOptions) => uploadAttachment(file, { ...settings, client: api }));
  const tabs = options.tabs ?? null;
  const toasts = options.toasts ?? !isStaff;
  let connection: ChatConnection | null = null;
  let typingTimer: ReturnType<typeof setTimeout> | undefined;
  let uploadAbort: AbortController | null = null;

  const loadHistory =
    options.loadHistory ??
    (async (): Promise<HistoryReply> => {
      const reply = await api.call('support.getHistory', {});
      return reply.status
        ? { status: true, messages: reply.messages, unread: reply.unread }
        : { status: false, error_msg: reply.error_msg };
    });
  const markRead = options.markRead ?? (() => api.call('support.markRead', {}));

  /** Messages from the other side: staff for a user, the client for staff. */
  const isIncoming = (message: SupportMessage) => (isStaff ? message.isOut : !message.isOut);

  const stopTyping = () => {
    clearTimeout(typingTimer);
    typingTimer = undefined;
    state.isTyping = false;
  };

  /** Adds a stored message once, keeping the list in time order. */
  const store = (message: SupportMessage): boolean => {
    const existing = state.messages.findIndex((item) => item.id === message.id);
    if (existing >= 0) {
      state.messages[existing] = message;
      return false;
    }
    const at = new Date(message.createdAt).getTime();
    let index = state.messages.length;
    while (index > 0 && new Date(state.messages[index - 1]?.createdAt ?? 0).getTime() > at) {
      index--;
    }
    state.messages.splice(index, 0, message);
    return true;
  };

  const dropFromOutbox = (id: string) => {
    const index = state.outbox.findIndex((item) => item.id === id);
    return index >= 0 ? state.outbox.splice(index, 1)[0] : undefined;
  };

  const clearComposer = () => {
    state.draft = '';
    state.attachment = null;
    state.attachmentName = null;
  };

  const announce = (message: SupportMessage) => {
    state.unread += 1;
    if (!toasts) return;
    const text = previewText(message);
    if (text === '') return;
    if (tabs && !tabs.shouldToast(message.id)) return;
    // The snackbar is core's 3 s notification: the new-message toast's duration.
    notify({ kind: 'snackbar', tone: 'info', text });
  };

  const chat: SupportChat = {
    state,
    userId,

    connect(next) {
      connection = next;
    },

    receive(message) {
      if (message.type === 'PONG') return;
      if (isStaff && message.userId !== undefined && message.userId !== userId) return;
      if (message.type === 'SUPPORT_TYPING_MESSAGE') {
        clearTimeout(typingTimer);
        state.isTyping = true;
        typingTimer = setTimeout(stopTyping, SUPPORT_TYPING_MS);
        return;
      }
      const { message: item } = message;
      if (message.type === 'SUPPORT_SEND_MESSAGE') {
        const sent = dropFromOutbox(item.id);
        const wasPending = state.pendingId === item.id;
        if (wasPending) state.pendingId = null;
        if (message.error !== undefined) {
          notify({ kind: 'toast', tone: 'error', text: message.error });
          // A queued message's text was already cleared from the box: give it back to retry.
          if (!wasPending && sent && state.draft === '') state.draft = sent.text;
          return;
        }
        if (wasPending) clearComposer();
        const isNew = store(item);
        if (isNew && isIncoming(item)) stopTyping();
        return;
      }
      // SUPPORT_NEW_MESSAGE: another side's message (or ours, from another tab of the same user).
      dropFromOutbox(item.id);
      if (!store(item)) return;
      if (!isIncoming(item)) return;
      stopTyping();
      if (state.isOpen) {
        void markRead();
      } else {
        announce(item);
      }
    },

    setStatus(status) {
      state.status = status;
      // The pending message now waits in the socket's queue: free the box so typing goes on.
      if (status !== 'open' && state.pendingId !== null) {
        state.pendingId = null;
        clearComposer();
      }
    },

    async loadHistory() {
      const reply = await loadHistory();
      state.isLoaded = true;
      if (!reply.status) {
        state.error = reply.error_msg;
        state.messages = [];
        return;
      }
      state.error = null;
      const known = new Set(reply.messages.map((message) => message.id));
      const sorted = [...reply.messages].sort(
        (a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime(),
      );
      // Messages that arrived on the socket while the history was in flight are kept.
      const live = state.messages.filter((message) => !known.has(message.id));
      state.messages = sorted;
      for (const message of live) store(message);
      state.outbox = state.outbox.filter((message) => !known.has(message.id));
      if (state.pendingId !== null && known.has(state.pendingId)) {
        state.pendingId = null;
        clearComposer();
      }
      if (state.isOpen) {
        if (state.unread > 0 || (reply.unread ?? 0) > 0) void markRead();
        state.unread = 0;
      } else if (reply.unread !== undefined) {
        state.unread = reply.unread;
      }
    },

    setOpen(open) {
      state.isOpen = open;
      if (open) {
        state.unread = 0;
        void markRead();
      }
    },

    setUnread(count) {
      state.unread = Math.max(0, count);
    },

    setDraft(text) {
      const grew = text.length > state.draft.length;
      state.draft = text;
      if (grew && connection) connection.typing(...(userId === null ? [] : [userId]));
    },

    canSend() {
      return (
        connection !== null &&
        state.upload === null &&
        canSendMessage({
          text: state.draft,
          hasAttachment: state.attachment !== null,
          isPending: state.pendingId !== null,
        })
      );
    },

    send() {
      if (!chat.canSend() || !connection) return false;
      const text = state.draft.trim();
      const attachment = state.attachment;
      const id = connection.send({
        text,
        attachment: attachment?.id ?? null,
        ...(userId === null ? {} : { userId }),
      });
      state.outbox.push({ id, text, attachment, createdAt: new Date().toISOString() });
      if (state.status === 'open') {
        state.pendingId = id;
      } else {
        // Offline: the socket queues it; the box stays usable for the next message.
        clearComposer();
      }
      return true;
    },

    async attach(files) {
      if (
        !canPickAttachment({
          isUploading: state.upload !== null,
          hasAttachment: !!state.attachment,
        })
      )
        return;
      const pick = pickAttachment(files);
      if ('error' in pick) {
        notify({ kind: 'toast', tone: 'error', text: pick.error });
        return;
      }
      const abort = new AbortController();
      uploadAbort = abort;
      state.upload = { name: pick.file.name, progress: 0 };
      const uploadOptions: UploadOptions = {
        signal: abort.signal,
        onProgress: (progress) => {
          if (state.upload && uploadAbort === abort) state.upload.progress = progress;
        },
      };
      const reply = await upload(pick.file, uploadOptions);
      if (uploadAbort !== abort) return;
      uploadAbort = null;
      state.upload = null;
      if (reply.status) {
        state.attachment = reply.attachment;
        state.attachmentName = pick.file.name;
      }
    },

    removeAttachment() {
      uploadAbort?.abort();
      uploadAbort = null;
      state.upload = null;
      state.attachment = null;
      state.attachmentName = null;
    },

    dispose() {
      stopTyping();
      uploadAbort?.abort();
      connection = null;
      tabs?.close();
    },
  };
  return chat;
}

/** Decides which of a user's open tabs toasts a new message, so only one does. */
export interface ToastTabs {
  /** Whether this tab should toast the message with this id. */
  shouldToast(messageId: string): boolean;
  /** Leaves the group. */
  close(): void;
}

/** The BroadcastChannel messages tabs exchange about themselves. */
type TabNote =
  | { kind: 'hello' | 'here'; tab: string; visible: boolean }
  | { kind: 'bye'; tab: string };

/** What ToastTabs needs from the page; the defaults read the real one. */
export interface ToastTabsOptions {
  channelName?: string;
  BroadcastChannel?: typeof BroadcastChannel;
  isVisible?: () => boolean;
  /** Called with a function to run when the page's visibility changes; returns the remover. */
  onVisibilityChange?: (listener: () => void) => () => void;
  tabId?: string;
}

/**
 * Tabs of one origin agree, over a BroadcastChannel, on one toaster: the visible tab with the
 * lowest id, or the lowest id of all when none is visible. Every tab keeps its own unread count;
 * only the toast is shared. Without BroadcastChannel each tab toasts on its own.
 */
export function createToastTabs(options: ToastTabsOptions = {}): ToastTabs {
  const Channel = options.BroadcastChannel ?? globalThis.BroadcastChannel;
  const tab = options.tabId ?? Math.random().toString(36).slice(2) + Date.now().toString(36);
  const isVisible =
    options.isVisible ??
    (() => typeof document === 'undefined' || document.visibilityState === 'visible');
  if (typeof Channel !== 'function') return { shouldToast: () => true, close: () => undefined };
  const channel = new Channel(options.channelName ?? 'support-chat-tabs');
  const peers = new Map<string, boolean>();
  const post = (kind: 'hello' | 'here') => {
    channel.postMessage({ kind, tab, visible: isVisible() } satisfies TabNote);
  };
  channel.onmessage = (event: MessageEvent<TabNote>) => {
    const note = event.data;
    if (note.kind === 'bye') {
      peers.delete(note.tab);
      return;
    }
    peers.set(note.tab, note.visible);
    if (note.kind === 'hello') post('here');
  };
  const stopWatching =
    options.onVisibilityChange?.(() => post('here')) ??
    (typeof document === 'undefined'
      ? () => undefined
      : (() => {
          const listener = () => post('here');
          // A tab leaving (or coming back from the back-forward cache) updates the others.
          const leave = () => channel.postMessage({ kind: 'bye', tab } satisfies TabNote);
          const back = () => post('hello');
          document.addEventListener('visibilitychange', listener);
          globalThis.addEventListener?.('pagehide', leave);
          globalThis.addEventListener?.('pageshow', back);
          return () => {
            document.removeEventListener('visibilitychange', listener);
            globalThis.removeEventListener?.('pagehide', leave);
            globalThis.removeEventListener?.('pageshow', back);
          };
        })());
  post('hello');
  let closed = false;
  return {
    shouldToast() {
      const visible = isVisible();
      for (const [peer, peerVisible] of peers) {
        if (peerVisible && !visible) return false;
        if (peerVisible === visible && peer < tab) return false;
      }
      return true;
    },
    close() {
      if (closed) return;
      closed = true;
      stopWatching();
      channel.postMessage({ kind: 'bye', tab } satisfies TabNote);
      channel.close();
    },
  };
}
