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
import type { SupportMessage, SupportServerMessage } from './protocol/index.ts';
import { createAttachmentUpload } from './support/attachmentUpload.ts';
import { initialSupportChatState, type SupportChatState } from './support/chatState.ts';
import { applyHistory, type HistoryReply } from './support/history.ts';
import { storeMessage } from './support/messageList.ts';
import { type ChatConnection, createSender } from './support/sender.ts';
import type { ToastTabs } from './support/toastTabs.ts';
import { createTypingIndicator } from './support/typingIndicator.ts';
import type { SupportSocketStatus } from './supportSocket.ts';
import { type UploadOptions, uploadAttachment } from './upload.ts';

export {
  initialSupportChatState,
  type OutgoingMessage,
  type SupportChatState,
  type UploadProgress,
} from './support/chatState.ts';
export type { HistoryReply } from './support/history.ts';
export { seenMessageId } from './support/seenMark.ts';
export type { ChatConnection } from './support/sender.ts';
export {
  createToastTabs,
  type ToastTabs,
  type ToastTabsOptions,
} from './support/toastTabs.ts';

/** How many characters of a new message the toast previews. */
export const SUPPORT_PREVIEW_CHARS = 64;

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
  const server = serverCalls(options);
  const sender = createSender(state, userId);
  const attachment = createAttachmentUpload(state, server.upload);
  const typing = createTypingIndicator(state);
  const toasts = { enabled: options.toasts ?? !isStaff, tabs: options.tabs ?? null };

  /** Messages from the other side: staff for a user, the client for staff. */
  const isIncoming = (message: SupportMessage) => (isStaff ? message.isOut : !message.isOut);

  const receive = (message: SupportServerMessage) => {
    if (socketOnly(message) || forAnotherDialog(message, userId)) return;
    if (message.type === 'SUPPORT_TYPING_MESSAGE') {
      typing.heard();
      return;
    }
    if (message.type === 'SUPPORT_READ_MESSAGE' || message.type === 'TRADE_READ_MESSAGE') {
      readMark(state, message, isStaff);
      return;
    }

    const { message: item } = message;
    if (message.type === 'SUPPORT_SEND_MESSAGE') {
      if (!sender.echoed(item, message.error)) return;
      if (!storeMessage(state.messages, item)) return;
      if (isIncoming(item)) typing.stop();
      else state.seen = false;
      return;
    }
    // SUPPORT_NEW_MESSAGE: another side's message (or ours, from another tab of the same user).
    sender.delivered(item.id);
    if (!storeMessage(state.messages, item)) return;
    if (!isIncoming(item)) {
      state.seen = false;
      return;
    }
    typing.stop();
    if (state.isOpen) {
      void server.markRead();
    } else {
      announce(state, item, toasts);
    }
  };

  return {
    state,
    userId,
    connect: sender.connect,
    receive,
    setStatus: sender.setStatus,
    async loadHistory() {
      applyHistory(state, await server.loadHistory(), server.markRead);
    },
    setOpen(open) {
      state.isOpen = open;
      if (open) {
        state.unread = 0;
        void server.markRead();
      }
    },
    setUnread(count) {
      state.unread = Math.max(0, count);
    },
    setDraft: sender.setDraft,
    canSend: sender.canSend,
    send: sender.send,
    attach: attachment.attach,
    removeAttachment: attachment.remove,
    dispose() {
      typing.stop();
      attachment.dispose();
      sender.connect(null);
      toasts.tabs?.close();
    },
  };
}

/** The server calls a chat makes: the options' own, or the defaults through its API client. */
function serverCalls(options: SupportChatOptions) {
  const api = options.api ?? siteApi;
  return {
    loadHistory:
      options.loadHistory ??
      (async (): Promise<HistoryReply> => {
        const reply = await api.call('support.getHistory', {});
        return reply.status
          ? { status: true, messages: reply.messages, unread: reply.unread, seen: reply.seen }
          : { status: false, error_msg: reply.error_msg };
      }),
    markRead: options.markRead ?? (() => api.call('support.markRead', {})),
    upload:
      options.upload ??
      ((file: Blob, settings: UploadOptions) =>
        uploadAttachment(file, { ...settings, client: api })),
  };
}

/** The messages the socket client answers itself, which never reach a chat. */
function socketOnly(
  message: SupportServerMessage,
): message is Extract<SupportServerMessage, { type: 'PONG' | 'SUPPORT_RESUMED' }> {
  return message.type === 'PONG' || message.type === 'SUPPORT_RESUMED';
}

/** Whether a staff chat (for client `userId`) hears of another client's dialog. */
function forAnotherDialog(message: SupportServerMessage, userId: number | null): boolean {
  if (userId === null || !('userId' in message)) return false;
  return message.userId !== undefined && message.userId !== userId;
}

/**
 * A read mark: our side read it (another tab, another staff member), or the other side ours; in
 * a trade's chat, the newest message the other side read (the server tells only forward moves,
 * each after the message it names).
 */
function readMark(
  state: SupportChatState,
  message: Extract<SupportServerMessage, { type: 'SUPPORT_READ_MESSAGE' | 'TRADE_READ_MESSAGE' }>,
  isStaff: boolean,
): void {
  if (message.type === 'TRADE_READ_MESSAGE') {
    state.seenThrough = message.through;
    return;
  }
  const ourSide = message.reader === 'staff' ? isStaff : !isStaff;
  if (ourSide) state.unread = 0;
  else state.seen = true;
}

/** Counts a new incoming message as unread and, where this tab is the one to, toasts it. */
function announce(
  state: SupportChatState,
  message: SupportMessage,
  toasts: { enabled: boolean; tabs: ToastTabs | null },
): void {
  state.unread += 1;
  if (!toasts.enabled) return;
  const text = previewText(message);
  if (text === '') return;
  if (toasts.tabs && !toasts.tabs.shouldToast(message.id)) return;
  // The snackbar is core's 3 s notification: the new-message toast's duration.
  notify({ kind: 'snackbar', tone: 'info', text });
}
