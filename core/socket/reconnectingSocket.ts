/**
 * A WebSocket that stays open for as long as it is wanted, whatever the network does, free of
 * any framework: each connect may fetch a fresh single-use ticket for the URL; where the protocol
 * has a ping, one goes out every interval and a connection silent for two is dropped and
 * replaced; reconnects back off exponentially with jitter and never give up until close(). The
 * one such client for every socket: support chat, live counters and market streams.
 */

/** Where the connection stands. */
export type SocketStatus = 'connecting' | 'open' | 'closed';

/** First reconnect delay; each failure doubles it up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 500;

/** Longest wait between reconnect attempts. */
export const RECONNECT_MAX_MS = 30_000;

const OPEN = 1;

/** The delay before reconnect attempt `attempt` (0-based): full jitter over a capped exponential. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  // Half fixed, half random: spreads a crowd of clients without ever retrying at once.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The ws(s) URL of a path on an API origin ('' for the page's own), with query parameters. */
export function socketUrl(
  baseUrl: string,
  path: string,
  query: Record<string, string> = {},
): string {
  const base = baseUrl === '' ? (globalThis.location?.origin ?? '') : baseUrl;
  const url = new URL(path, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

/** How to reach the socket and whom to tell about it. */
export interface ReconnectingSocketOptions {
  /** The URL to open, given this connect's ticket (null when there is none). */
  url: (ticket: string | null) => string;
  /** A fresh ticket per connect; null connects without one (or waits, if `ticketRequired`). */
  getTicket?: () => Promise<string | null>;
  /** Without a ticket, wait and retry instead of connecting. */
  ticketRequired?: boolean;
  /**
   * The ping to send and how often; any message heard counts as a sign of life. Without one the
   * client never judges silence (a socket whose server speaks only on change, answered by the
   * server's own protocol-level keepalive).
   */
  ping?: { frame: string; intervalMs: number };
  /** WebSocket constructor; defaults to globalThis.WebSocket (pass `ws` in Node). */
  WebSocket?: typeof WebSocket;
  /** The connection opened; `again` is false the first time. */
  onOpen?(again: boolean): void;
  /** Every frame received, as text. */
  onMessage(data: string): void;
  /** Every change of status (not the initial 'connecting'). */
  onStatus?(status: SocketStatus): void;
}

/** A socket kept open. */
export interface ReconnectingSocket {
  /** Sends at once if open; false if not (the caller re-sends in onOpen). */
  send(text: string): boolean;
  /** Where the connection stands now. */
  readonly status: SocketStatus;
  /** Drops the connection and connects again now (after a sign-in, for a new ticket). */
  reconnect(): void;
  /** Closes for good: no reconnects, no timers left. */
  close(): void;
}

/** Opens the socket and keeps it open until `close()`. */
export function openReconnectingSocket(options: ReconnectingSocketOptions): ReconnectingSocket {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  let status: SocketStatus = 'connecting';
  let socket: WebSocket | null = null;
  let closed = false;
  let attempt = 0;
  let opened = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let lastHeard = 0;
  /** Bumped by every connect: one that a newer connect overtook while it waited gives up. */
  let generation = 0;

  const setStatus = (next: SocketStatus) => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
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

  const shut = (dead: WebSocket) => {
    try {
      dead.close();
    } catch {
      // Already closing.
    }
    dropped(dead);
  };

  const connect = async () => {
    if (closed) return;
    generation += 1;
    const mine = generation;
    setStatus('connecting');
    let ticket: string | null = null;
    try {
      ticket = (await options.getTicket?.()) ?? null;
    } catch {
      ticket = null;
    }
    if (closed || mine !== generation) return;
    if (ticket === null && options.ticketRequired === true) {
      setStatus('closed');
      scheduleReconnect();
      return;
    }
    let next: WebSocket;
    try {
      next = new Socket(options.url(ticket));
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
      const ping = options.ping;
      if (ping !== undefined) {
        pingTimer = setInterval(() => {
          if (Date.now() - lastHeard > 2 * ping.intervalMs + 1000) {
            shut(next);
            return;
          }
          if (next.readyState === OPEN) next.send(ping.frame);
        }, ping.intervalMs);
      }
      const again = opened;
      opened = true;
      options.onOpen?.(again);
    };
    next.onmessage = (event) => {
      if (socket !== next) return;
      lastHeard = Date.now();
      options.onMessage(typeof event.data === 'string' ? event.data : String(event.data));
    };
    next.onclose = () => dropped(next);
    // 'close' follows 'error'; closing here covers implementations where it might not.
    next.onerror = () => shut(next);
  };

  void connect();

  return {
    send(text) {
      if (socket === null || socket.readyState !== OPEN) return false;
      socket.send(text);
      return true;
    },
    get status() {
      return status;
    },
    reconnect() {
      if (closed) return;
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      attempt = 0;
      const current = socket;
      if (current === null) void connect();
      else {
        // Dropping it schedules the reconnect; with attempt 0 that is within a second.
        shut(current);
      }
    },
    close() {
      closed = true;
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      stopPing();
      const current = socket;
      socket = null;
      // 1000, a normal closure: the page chose to leave; the network did not fail.
      current?.close(1000);
      setStatus('closed');
    },
  };
}
