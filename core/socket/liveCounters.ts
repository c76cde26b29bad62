/**
 * The live-counter socket client, on core's one reconnecting socket: connecting is what makes a
 * page count as a visitor online, so it stays connected (with backoff) until closed. The server
 * speaks only when a figure changes and keeps the socket alive with protocol-level pings, which
 * browsers answer by themselves: this client sends nothing.
 */
import { LIVE_SOCKET_PATH, type LiveCountersMessage } from '../protocol/index.ts';
import { openReconnectingSocket, socketUrl } from './reconnectingSocket.ts';

/** The figures, and whether they are live right now. */
export interface LiveCounters {
  views: number;
  count: number;
  connected: boolean;
}

/** Before the first figures arrive. */
export const OFFLINE_COUNTERS: Readonly<LiveCounters> = { views: 0, count: 0, connected: false };

/** How to reach the live-counter socket and whom to tell. */
export interface LiveCountersOptions {
  /** API origin, '' for the page's own. */
  baseUrl: string;
  /** WebSocket constructor; defaults to globalThis.WebSocket (pass `ws` in Node). */
  WebSocket?: typeof WebSocket;
  /** Every change: new figures, or the connection lost (the last figures kept). */
  onChange(counters: LiveCounters): void;
}

/** The figures of a LIVE_COUNTERS frame; null for anything else. */
export function parseLiveCounters(data: string): LiveCountersMessage | null {
  try {
    const value = JSON.parse(data) as Partial<LiveCountersMessage> | null;
    return value?.type === 'LIVE_COUNTERS' &&
      typeof value.views === 'number' &&
      typeof value.count === 'number'
      ? (value as LiveCountersMessage)
      : null;
  } catch {
    return null;
  }
}

/** Connects to the live counters and reports every change until `close()`. */
export function connectLiveCounters(options: LiveCountersOptions): { close(): void } {
  let latest: LiveCounters = OFFLINE_COUNTERS;
  let closed = false;
  const publish = (next: LiveCounters) => {
    if (closed) return;
    latest = next;
    options.onChange(next);
  };
  const socket = openReconnectingSocket({
    url: () => socketUrl(options.baseUrl, LIVE_SOCKET_PATH),
    ...(options.WebSocket === undefined ? {} : { WebSocket: options.WebSocket }),
    onMessage(data) {
      const message = parseLiveCounters(data);
      if (message) publish({ views: message.views, count: message.count, connected: true });
    },
    onStatus(status) {
      if (status === 'closed' && latest.connected) publish({ ...latest, connected: false });
    },
  });
  return {
    close() {
      closed = true;
      socket.close();
    },
  };
}
