/**
 * The live-support socket client (spec §7 WebSocket, issue 4), free of any framework: it keeps
 * one connection open for as long as it is wanted, whatever the network does.
 * - Each connect fetches a fresh single-use ticket (support.getSocketTicket) for `?token=`.
 * - PING every SUPPORT_PING_MS; a connection silent for two intervals is dropped and replaced.
 * - Reconnects with exponential backoff and full jitter, capped, and never gives up until close().
 * - Outgoing messages queue while not open and go out in order; a message stays pending until its
 *   echo arrives and is sent again after a reconnect. The server stores a message once per
 *   (dialog, id), so a resend is harmless: nothing is lost and nothing is duplicated.
 * - Incoming messages are de-duplicated by message id before reaching `onMessage`.
 */
import {
  SUPPORT_PING_MS,
  SUPPORT_SOCKET_PATH,
  type SupportClientMessage,
  type SupportServerMessage,
} from './protocol.ts';
import { reconnectDelay } from './socket/reconnectingSocket.ts';

export {
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  reconnectDelay,
} from './socket/reconnectingSocket.ts';

/** Where the connection stands. */
export type SupportSocketStatus = 'connecting' | 'open' | 'closed';

/** How to reach the support socket and whom to tell about what arrives. */
export interface SupportConnectionOptions {
  /** API origin, '' for the page's own. */
  baseUrl: string;
  /** Fetches a fresh single-use ticket (support.getSocketTicket); null when signed out. */
  getTicket: () => Promise<string | null>;
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

const OPEN = 1;

type SendFrame = Extract<SupportClientMessage, { type: 'SUPPORT_SEND_MESSAGE' }>;

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

/** The socket URL for an API origin ('' = the page's own) and a ticket. */
export function supportSocketUrl(baseUrl: string, ticket: string): string {
  const base = baseUrl === '' ? (globalThis.location?.origin ?? '') : baseUrl;
  const url = new URL(SUPPORT_SOCKET_PATH, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', ticket);
  return url.toString();
}

/** Opens the support connection and keeps it open until `close()`. */
export function connectSupport(options: SupportConnectionOptions): SupportConnection {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  let status: SupportSocketStatus = 'connecting';
  let socket: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let opened = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let lastHeard = 0;
  /** Sent or queued messages without an echo yet, in the order they were written. */
  const pending = new Map<string, SendFrame>();
  const seen = new Set<string>();
  const lastTyping = new Map<string, number>();

  const setStatus = (next: SupportSocketStatus) => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  };

  const transmit = (frame: SupportClientMessage): boolean => {
    if (socket === null || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };

  const stopPing = () => {
    if (pingTimer !== null) clearInterval(pingTimer);
    pingTimer = null;
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer !== null) return;
    const delay = reconnectDelay(attempt);
    attempt += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
  };

  const dropped = (dead: WebSocket) => {
    if (socket !== dead) return;
    socket = null;
    stopPing();
    if (closed) return;
    setStatus('closed');
    scheduleReconnect();
  };

  const remember = (key: string): boolean => {
    if (seen.has(key)) return false;
    seen.add(key);
    if (seen.size > SEEN_LIMIT) {
      const oldest = seen.values().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    return true;
  };

  const receive = (raw: unknown) => {
    lastHeard = Date.now();
    let message: SupportServerMessage;
    try {
      message = JSON.parse(typeof raw === 'string' ? raw : String(raw)) as SupportServerMessage;
    } catch {
      return;
    }
    if (message.type === 'PONG') return;
    if (message.type === 'SUPPORT_SEND_MESSAGE' || message.type === 'SUPPORT_NEW_MESSAGE') {
      const id = message.message?.id;
      if (typeof id !== 'string') return;
      if (message.type === 'SUPPORT_SEND_MESSAGE') {
        // A refusal ends the attempt too: the UI shows the error and keeps the draft.
        pending.delete(id);
        if (message.error === undefined && !remember(`${message.userId ?? ''}/${id}`)) return;
      } else if (!remember(`${message.userId ?? ''}/${id}`)) {
        return;
      }
    }
    options.onMessage(message);
  };

  const connect = async () => {
    if (closed) return;
    setStatus('connecting');
    let ticket: string | null;
    try {
      ticket = await options.getTicket();
    } catch {
      ticket = null;
    }
    if (closed) return;
    if (ticket === null) {
      setStatus('closed');
      scheduleReconnect();
      return;
    }
    let next: WebSocket;
    try {
      next = new Socket(supportSocketUrl(options.baseUrl, ticket));
    } catch {
      setStatus('closed');
      scheduleReconnect();
      return;
    }
    socket = next;
    next.onopen = () => {
      if (socket !== next) return;
      attempt = 0;
      lastHeard = Date.now();
      setStatus('open');
      // Everything without an echo goes again, oldest first; the server stores each id once.
      for (const frame of pending.values()) transmit(frame);
      pingTimer = setInterval(() => {
        if (Date.now() - lastHeard > 2 * SUPPORT_PING_MS + 1000) {
          next.close();
          dropped(next);
          return;
        }
        transmit({ type: 'PING' });
      }, SUPPORT_PING_MS);
      if (opened) options.onReconnect?.();
      opened = true;
    };
    next.onmessage = (event) => {
      if (socket === next) receive(event.data);
    };
    next.onclose = () => dropped(next);
    next.onerror = () => {
      // 'close' follows 'error'; closing here covers implementations where it might not.
      try {
        next.close();
      } catch {
        // Already closing.
      }
      dropped(next);
    };
  };

  void connect();

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
      pending.set(id, frame);
      transmit(frame);
      return id;
    },
    typing(userId) {
      const key = String(userId ?? '');
      const now = Date.now();
      if (now - (lastTyping.get(key) ?? Number.NEGATIVE_INFINITY) < TYPING_THROTTLE_MS) return;
      if (
        transmit(
          userId === undefined ? { type: 'SUPPORT_TYPING' } : { type: 'SUPPORT_TYPING', userId },
        )
      ) {
        lastTyping.set(key, now);
      }
    },
    get status() {
      return status;
    },
    close() {
      if (closed) return;
      closed = true;
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      stopPing();
      const current = socket;
      socket = null;
      current?.close(1000);
      setStatus('closed');
    },
  };
}
