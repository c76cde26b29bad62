/** Reading a chat's history into its state: at mount, and after every reconnect. */
import type { SupportMessage } from '../protocol/index.ts';
import { clearComposer, type SupportChatState } from './chatState.ts';
import { mergeHistory } from './messageList.ts';
import { laterReadMark } from './seenMark.ts';

/**
 * What a history load answers: the messages, the unread count and whether the other side has
 * read this side's messages (a support dialog), or the newest message the other side has read
 * (a trade's chat), or the server's error.
 */
export type HistoryReply =
  | {
      status: true;
      messages: SupportMessage[];
      unread?: number;
      seen?: boolean;
      seenThrough?: string | null;
    }
  | { status: false; error_msg: string };

/**
 * Applies a history reply: messages that arrived on the socket while it was in flight are kept,
 * sent messages it already holds leave the outbox, and an open panel marks the dialog read.
 */
export function applyHistory(
  state: SupportChatState,
  reply: HistoryReply,
  markRead: () => unknown,
): void {
  state.isLoaded = true;
  if (!reply.status) {
    state.error = reply.error_msg;
    state.messages = [];
    return;
  }
  state.error = null;
  if (reply.seen !== undefined) state.seen = reply.seen;
  const known = new Set(reply.messages.map((message) => message.id));
  state.messages = mergeHistory(reply.messages, state.messages);
  if (reply.seenThrough !== undefined) {
    state.seenThrough = laterReadMark(state.messages, state.seenThrough, reply.seenThrough);
  }
  state.outbox = state.outbox.filter((message) => !known.has(message.id));
  if (state.pendingId !== null && known.has(state.pendingId)) {
    state.pendingId = null;
    clearComposer(state);
  }
  if (state.isOpen) {
    if (state.unread > 0 || (reply.unread ?? 0) > 0) void markRead();
    state.unread = 0;
  } else if (reply.unread !== undefined) {
    state.unread = reply.unread;
  }
}
