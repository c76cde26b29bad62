/**
 * The live-support socket client, free of any framework, on core's one
 * reconnecting socket (backoff, ping, status live there):
 * - Each connect fetches a fresh single-use ticket (support.getSocketTicket) for `?token=`;
 *   without one (signed out) it waits and asks again rather than connect.
 * - PING every SUPPORT_PING_MS; a connection silent for two intervals is dropped and replaced.
 * - Outgoing messages queue while not open and go out in order; a message stays pending until its
 *   echo arrives. After a reconnect the client first asks which pending ones the server has
 *   (SUPPORT_RESUME), holding every send until the answer, then sends only the others, oldest
 *   first. The server stores a message once per (dialog, id), so a resend the answer could not
 *   spare (a cluster's other server still storing it) is harmless: nothing is lost and nothing
 *   is duplicated.
 * - Incoming messages are de-duplicated by message id before reaching `onMessage`.
 */
import {
  SUPPORT_PING_MS,
  SUPPORT_SOCKET_PATH,
  type SupportClientMessage,
  type SupportServerMessage,
  TRADE_SOCKET_PARAM,
} from './protocol/index.ts';
import { RecentKeys } from './socket/recentKeys.ts';
import {
  openReconnectingSocket,
  type SocketStatus,
  socketUrl,
} from './socket/reconnectingSocket.ts';
import { type SendFrame, SendQueue } from './support/sendQueue.ts';

export {
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  reconnectDelay,
} from './socket/reconnectingSocket.ts';

/** Where the connection stands. */
export type SupportSocketStatus = SocketStatus;

/** How to reach the support socket and whom to tell about what arrives. */
export interface SupportConnectionOptions {
  /** API origin, '' for the page's own. */
  baseUrl: string;
  /** Fetches a fresh single-use ticket (support.getSocketTicket); null when signed out. */
  getTicket: () => Promise<string | null>;
  /** A P2P trade whose chat this socket carries instead of the support dialog. */
  tradeId?: number;
  /** WebSocket constructor; defaults to globalThis.WebSocket (pass `ws` in Node). */
  WebSocket?: typeof WebSocket;
  /** Every server message, de-duplicated by message id (echoes included). */
  onMessage: (message: SupportServerMessage) => void;
  onStatus?: (status: SupportSocketStatus) => void;
  /** After a reconnect (not the first connect): the UI re-reads the history. */
  onReconnect?: () => void;
}

/** A live support connection. */
export interface SupportConnection {
  /** Queues and sends a message; returns its client-generated id. Works offline (queued). */
  send(draft: { text: string; attachment: number | null; userId?: number }): string;
  /** Tells the other side we are typing (throttled). */
  typing(userId?: number): void;
  readonly status: SupportSocketStatus;
  /** Closes for good: no reconnects, no timers left. */
  close(): void;
}

/** At most one typing event per this interval (per dialog). */
export const TYPING_THROTTLE_MS = 2_000;

/** How many recent message keys are remembered for de-duplication. */
const SEEN_LIMIT = 5_000;

/** A random message id: crypto.randomUUID, or a v4 UUID from getRandomValues where missing. */
export function messageId(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The socket URL for an API origin ('' = the page's own), a ticket and maybe a trade's chat. */
export function supportSocketUrl(baseUrl: string, ticket: string, tradeId?: number): string {
  return socketUrl(baseUrl, SUPPORT_SOCKET_PATH, {
    token: ticket,
    ...(tradeId === undefined ? {} : { [TRADE_SOCKET_PARAM]: String(tradeId) }),
  });
}

/**
 * Whether a server message reaches `onMessage`: an echo or a new message once per (dialog, id);
 * an echo also ends its message's wait, refused or not.
 */
function admit(message: SupportServerMessage, queue: SendQueue, seen: RecentKeys): boolean {
  if (message.type !== 'SUPPORT_SEND_MESSAGE' && message.type !== 'SUPPORT_NEW_MESSAGE') {
    return message.type !== 'PONG' && message.type !== 'SUPPORT_RESUMED';
  }
  const id = message.message?.id;
  if (typeof id !== 'string') return false;
  const key = `${message.userId ?? ''}/${id}`;
  if (message.type === 'SUPPORT_NEW_MESSAGE') return seen.remember(key);
  // A refusal ends the attempt too: the UI shows the error and keeps the draft.
  queue.settle(id);
  return message.error !== undefined || seen.remember(key);
}

/** Opens the support connection and keeps it open until `close()`. */
export function connectSupport(options: SupportConnectionOptions): SupportConnection {
  const queue = new SendQueue();
  const seen = new RecentKeys(SEEN_LIMIT);
  const lastTyping = new Map<string, number>();

  const socket = openReconnectingSocket({
    url: (ticket) => supportSocketUrl(options.baseUrl, ticket ?? '', options.tradeId),
    getTicket: options.getTicket,
    ticketRequired: true,
    ping: { frame: JSON.stringify({ type: 'PING' }), intervalMs: SUPPORT_PING_MS },
    ...(options.WebSocket === undefined ? {} : { WebSocket: options.WebSocket }),
    onOpen(again) {
      // Asks first, when the server may have some: it echoes those, then SUPPORT_RESUMED.
      const resume = queue.opened();
      if (resume === null) flush();
      else transmit(resume);
      if (again) options.onReconnect?.();
    },
    onMessage(data) {
      let message: SupportServerMessage;
      try {
        message = JSON.parse(data) as SupportServerMessage;
      } catch {
        return;
      }
      if (message.type === 'SUPPORT_RESUMED') flush();
      else if (admit(message, queue, seen)) options.onMessage(message);
    },
    onStatus(status) {
      if (status !== 'open') queue.closed();
      options.onStatus?.(status);
    },
  });

  function transmit(frame: SupportClientMessage): boolean {
    const sent = socket.send(JSON.stringify(frame));
    if (sent && frame.type === 'SUPPORT_SEND_MESSAGE') queue.sent(frame.id);
    return sent;
  }

  /** Sends every message still without an echo, oldest first. */
  function flush() {
    for (const frame of queue.resume()) transmit(frame);
  }

  return {
    send(draft) {
      const id = messageId();
      const frame: SendFrame = {
        type: 'SUPPORT_SEND_MESSAGE',
        id,
        text: draft.text,
        attachment: draft.attachment,
        ...(draft.userId === undefined ? {} : { userId: draft.userId }),
      };
      queue.add(frame);
      // Before the server's SUPPORT_RESUMED it waits its turn behind the older ones.
      if (queue.resumed) transmit(frame);
      return id;
    },
    typing(userId) {
      const key = String(userId ?? '');
      const now = Date.now();
      if (now - (lastTyping.get(key) ?? Number.NEGATIVE_INFINITY) < TYPING_THROTTLE_MS) return;
      const frame: SupportClientMessage =
        userId === undefined ? { type: 'SUPPORT_TYPING' } : { type: 'SUPPORT_TYPING', userId };
      if (transmit(frame)) lastTyping.set(key, now);
    },
    get status() {
      return socket.status;
    },
    close() {
      socket.close();
    },
  };
}
