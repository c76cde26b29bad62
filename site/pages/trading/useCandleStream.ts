/** The `chart` stream feeding the candles: a snapshot, then the current candle as it changes. */
import { useEffect, useState } from 'react';
import {
  type Candle,
  type CandleInterval,
  type PairSymbol,
  setStreamLoaded,
} from '../../../core/index.ts';
import { marketStream } from '../../../core/marketConnection.ts';
import type { CandleFeed } from './candleFeed.ts';

/**
 * Subscribes `feed` to the pair's candles of `interval`, whether or not its chart is made yet,
 * and returns the latest candle (null until one arrives); the store's `chart` flag says when the
 * snapshot is in.
 */
export function useCandleStream(
  feed: CandleFeed,
  pair: PairSymbol,
  interval: CandleInterval,
): Candle | null {
  const [latest, setLatest] = useState<Candle | null>(null);

  useEffect(() => {
    setStreamLoaded('chart', false);
    setLatest(null);
    feed.clear();
    const stop = marketStream().subscribe({ stream: 'chart', pair, interval }, (message) => {
      if (message.type !== 'candles' || message.interval !== interval) return;
      feed.receive(message.candles, message.snapshot);
      const last = message.candles.at(-1);
      if (last !== undefined) setLatest(last);
      if (message.snapshot) setStreamLoaded('chart', true);
    });
    return () => {
      stop();
      setStreamLoaded('chart', false);
    };
  }, [feed, pair, interval]);

  return latest;
}
