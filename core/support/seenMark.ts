/**
 * Where a chat shows "Seen": under this side's last message the other side has read. A support
 * dialog knows only whether the other side read everything (`seen`), so the mark goes under the
 * last message when it is this side's; a trade's chat knows the newest message the other side
 * read (`seenThrough`), so the mark goes under this side's last message up to it, and stays there
 * while newer ones wait to be read.
 */
import type { SupportMessage } from '../protocol/index.ts';

/** The id of the message "Seen" goes under, or null when it shows nowhere. */
export function seenMessageId<Message extends Pick<SupportMessage, 'id'>>(
  state: {
    readonly messages: readonly Message[];
    readonly seen: boolean;
    readonly seenThrough: string | null;
  },
  mine: (message: Message) => boolean,
): string | null {
  const { messages } = state;
  if (state.seenThrough !== null) {
    const through = messages.findIndex((message) => message.id === state.seenThrough);
    for (let index = through; index >= 0; index--) {
      const message = messages[index];
      if (message !== undefined && mine(message)) return message.id;
    }
    return null;
  }
  const last = messages[messages.length - 1];
  return state.seen && last !== undefined && mine(last) ? last.id : null;
}

/**
 * The later of two read marks in `messages` (a history's answer may be older than a mark heard
 * live meanwhile): `next` unless `current` stands further on.
 */
export function laterReadMark(
  messages: readonly Pick<SupportMessage, 'id'>[],
  current: string | null,
  next: string | null,
): string | null {
  if (current === null) return next;
  const at = (id: string | null) => messages.findIndex((message) => message.id === id);
  return at(current) > at(next) ? current : next;
}
