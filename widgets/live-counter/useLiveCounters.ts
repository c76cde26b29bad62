/**
 * Subscribes to the live-counter socket: being connected is what makes this page count as a
 * visitor online. Reconnects with backoff; closes (and stops its timers) on unmount.
 */
import { useEffect, useState } from 'react';
import { LIVE_SOCKET_PATH, type LiveCountersMessage } from '../../core/protocol.ts';
import { socketUrl } from '../shared/scriptOrigin.ts';

/** The figures, and whether they are live right now. */
export interface LiveCounters {
  views: number;
  count: number;
  connected: boolean;
}

const MAX_BACKOFF_MS = 30_000;

/** Live `views` and `count` from the exchange at `origin`. */
export function useLiveCounters(origin: string): LiveCounters {
  const [counters, setCounters] = useState<LiveCounters>({ views: 0, count: 0, connected: false });

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let closed = false;

    const open = () => {
      socket = new WebSocket(socketUrl(origin, LIVE_SOCKET_PATH));
      socket.onopen = () => {
        attempt = 0;
      };
      socket.onmessage = (event) => {
        const message = parse(event.data);
        if (message) setCounters({ views: message.views, count: message.count, connected: true });
      };
      socket.onclose = () => {
        setCounters((current) => ({ ...current, connected: false }));
        if (closed) return;
        const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt++) * (0.5 + Math.random() / 2);
        retry = setTimeout(open, delay);
      };
    };
    open();

    return () => {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [origin]);

  return counters;
}

function parse(data: unknown): LiveCountersMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<LiveCountersMessage>;
    return value.type === 'LIVE_COUNTERS' &&
      typeof value.views === 'number' &&
      typeof value.count === 'number'
      ? (value as LiveCountersMessage)
      : null;
  } catch {
    return null;
  }
}
