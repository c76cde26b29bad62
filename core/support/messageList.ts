/** The chat's stored messages: one per id, in the order they were written. */
import type { SupportMessage } from '../protocol/index.ts';

const timeOf = (message: Pick<SupportMessage, 'createdAt'>) =>
  new Date(message.createdAt).getTime();

/** Adds a stored message once, keeping the list in time order; false when it was already there. */
export function storeMessage(messages: SupportMessage[], message: SupportMessage): boolean {
  const existing = messages.findIndex((item) => item.id === message.id);
  if (existing >= 0) {
    messages[existing] = message;
    return false;
  }
  const at = timeOf(message);
  let index = messages.length;
  while (index > 0 && new Date(messages[index - 1]?.createdAt ?? 0).getTime() > at) {
    index--;
  }
  messages.splice(index, 0, message);
  return true;
}

/** The history in time order, plus the messages `live` has that the history does not. */
export function mergeHistory(
  history: readonly SupportMessage[],
  live: readonly SupportMessage[],
): SupportMessage[] {
  const known = new Set(history.map((message) => message.id));
  const merged = [...history].sort((a, b) => timeOf(a) - timeOf(b));
  for (const message of live) if (!known.has(message.id)) storeMessage(merged, message);
  return merged;
}
