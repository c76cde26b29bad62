/**
 * Subscribes to the live-counter socket: being connected is what makes this page count as a
 * visitor online. All counters of one page share one connection per exchange, on purpose: a page
 * with two counters is one visitor, not two. The connection opens with the first counter,
 * reconnects with backoff, and closes (timers and all) when the last counter goes.
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
const OFFLINE: LiveCounters = { views: 0, count: 0, connected: false };

/** One exchange's connection and the counters listening to it. */
interface Feed {
  latest: LiveCounters;
  listeners: Set<(counters: LiveCounters) => void>;
  close(): void;
}

const feeds = new Map<string, Feed>();

function openFeed(origin: string): Feed {
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let closed = false;
  const feed: Feed = {
    latest: OFFLINE,
    listeners: new Set(),
    close() {
      closed = true;
      clearTimeout(retry);
      socket?.close();
    },
  };
  const publish = (counters: LiveCounters) => {
    feed.latest = counters;
    for (const listener of feed.listeners) listener(counters);
  };
  const connect = () => {
    socket = new WebSocket(socketUrl(origin, LIVE_SOCKET_PATH));
    socket.onopen = () => {
      attempt = 0;
    };
    socket.onmessage = (event) => {
      const message = parse(event.data);
      if (message) publish({ views: message.views, count: message.count, connected: true });
    };
    socket.onclose = () => {
      if (closed) return;
      publish({ ...feed.latest, connected: false });
      const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** attempt++) * (0.5 + Math.random() / 2);
      retry = setTimeout(connect, delay);
    };
  };
  connect();
  return feed;
}

/** Live `views` and `count` from the exchange at `origin`. */
export function useLiveCounters(origin: string): LiveCounters {
  const [counters, setCounters] = useState<LiveCounters>(
    () => feeds.get(origin)?.latest ?? OFFLINE,
  );

  useEffect(() => {
    let feed = feeds.get(origin);
    if (!feed) {
      feed = openFeed(origin);
      feeds.set(origin, feed);
    }
    feed.listeners.add(setCounters);
    setCounters(feed.latest);
    return () => {
      feed.listeners.delete(setCounters);
      if (feed.listeners.size > 0) return;
      feed.close();
      feeds.delete(origin);
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
