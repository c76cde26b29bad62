/**
 * A WebSocket that stays open for as long as it is wanted, whatever the network does, free of
 * any framework: each connect may fetch a fresh single-use ticket for the URL; where the protocol
 * has a ping, one goes out every interval and a connection silent for two is dropped and
 * replaced; reconnects back off exponentially with jitter and never give up until close(). The
 * one such client for every socket: support chat, live counters and market streams.
 */

import { createBackoff } from './backoff.ts';
import type { Ping } from './heartbeat.ts';
import { type SupervisedSocket, superviseSocket } from './supervisedSocket.ts';

export { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelay } from './backoff.ts';

/** Where the connection stands. */
export type SocketStatus = 'connecting' | 'open' | 'closed';

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
  ping?: Ping;
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
  let status: SocketStatus = 'connecting';
  let current: SupervisedSocket | null = null;
  let closed = false;
  let opened = false;
  /** Bumped by every connect: one that a newer connect overtook while it waited gives up. */
  let generation = 0;
  const backoff = createBackoff(() => void connect());

  const setStatus = (next: SocketStatus) => {
    if (status === next) return;
    status = next;
    options.onStatus?.(next);
  };

  const retry = () => {
    setStatus('closed');
    backoff.schedule();
  };

  const connect = async () => {
    if (closed) return;
    generation += 1;
    const mine = generation;
    setStatus('connecting');
    const ticket = await ticketFor(options);
    if (closed || mine !== generation) return;
    const next = ticket === null && options.ticketRequired === true ? null : dial(options, ticket);
    if (next === null) {
      retry();
      return;
    }
    const live: SupervisedSocket = superviseSocket(next, options.ping, {
      opened() {
        backoff.reset();
        setStatus('open');
        const again = opened;
        opened = true;
        options.onOpen?.(again);
      },
      message: (data) => options.onMessage(data),
      gone() {
        if (current !== live) return;
        current = null;
        if (!closed) retry();
      },
    });
    current = live;
  };

  void connect();

  return {
    send: (text) => current?.send(text) ?? false,
    get status() {
      return status;
    },
    reconnect() {
      if (closed) return;
      backoff.cancel();
      backoff.reset();
      // Dropping it schedules the reconnect; with the backoff reset that is within a second.
      if (current === null) void connect();
      else current.drop();
    },
    close() {
      closed = true;
      backoff.cancel();
      const live = current;
      current = null;
      // 1000, a normal closure: the page chose to leave; the network did not fail.
      live?.close(1000);
      setStatus('closed');
    },
  };
}

/** This connect's ticket, or null when there is none (or fetching it failed). */
async function ticketFor(options: ReconnectingSocketOptions): Promise<string | null> {
  try {
    return (await options.getTicket?.()) ?? null;
  } catch {
    return null;
  }
}

/** A new WebSocket for this ticket, or null when its URL is refused. */
function dial(options: ReconnectingSocketOptions, ticket: string | null): WebSocket | null {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  try {
    return new Socket(options.url(ticket));
  } catch {
    return null;
  }
}
