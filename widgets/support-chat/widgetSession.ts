/**
 * Whose chat a `<support-chat>` element is. On the exchange's own pages a signed-in person chats
 * as themselves (the site's stored token); anywhere else, or signed out, as a visitor whose
 * session token is kept in the page's local storage under a key naming the exchange, so two
 * exchanges embedded on one page never share a visitor.
 */
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../../core/storage.ts';

/** A session the element can chat with. */
export interface ChatSessionToken {
  token: string;
  kind: 'user' | 'visitor';
}

/** The local-storage key of the visitor session for the exchange at `origin`. */
export function visitorKey(origin: string): string {
  return `exchange-visitor@${origin}`;
}

/** The session to chat with: the site's own when on the exchange and signed in, else a visitor's. */
export function storedSession(origin: string): ChatSessionToken | null {
  if (origin === globalThis.location?.origin) {
    const token = readStored(STORAGE_KEYS.token);
    if (token) return { token, kind: 'user' };
  }
  const visitor = readStored(visitorKey(origin));
  return visitor ? { token: visitor, kind: 'visitor' } : null;
}

/** Remembers a new visitor session. */
export function rememberVisitor(origin: string, token: string): void {
  writeStored(visitorKey(origin), token);
}

/** Forgets a visitor session the server no longer knows. */
export function forgetVisitor(origin: string): void {
  removeStored(visitorKey(origin));
}
