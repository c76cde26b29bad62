/**
 * Subscribes to the live-counter socket: being connected is what makes this page count as a
 * visitor online. All counters of one page share one connection per exchange, on purpose: a page
 * with two counters is one visitor, not two. The connection (core's live-counter client, which
 * reconnects with backoff) opens with the first counter and closes when the last one goes.
 */
import { useEffect, useState } from 'react';
import {
  connectLiveCounters,
  type LiveCounters,
  OFFLINE_COUNTERS,
} from '../../core/socket/liveCounters.ts';

/** One exchange's connection and the counters listening to it. */
interface Feed {
  latest: LiveCounters;
  listeners: Set<(counters: LiveCounters) => void>;
  close(): void;
}

const feeds = new Map<string, Feed>();

function openFeed(origin: string): Feed {
  const listeners = new Set<(counters: LiveCounters) => void>();
  const feed: Feed = { latest: OFFLINE_COUNTERS, listeners, close: () => {} };
  const connection = connectLiveCounters({
    baseUrl: origin,
    onChange(counters) {
      feed.latest = counters;
      for (const listener of listeners) listener(counters);
    },
  });
  feed.close = connection.close;
  return feed;
}

/** Live `views` and `count` from the exchange at `origin`. */
export function useLiveCounters(origin: string): LiveCounters {
  const [counters, setCounters] = useState<LiveCounters>(
    () => feeds.get(origin)?.latest ?? OFFLINE_COUNTERS,
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
