/** The `chart` stream feeding a candle chart: a snapshot, then the current candle as it changes. */
import { useEffect, useState } from 'react';
import {
  type Candle,
  type CandleInterval,
  type PairSymbol,
  setStreamLoaded,
} from '../../../core/index.ts';
import { marketStream } from '../../../core/marketConnection.ts';
import type { CandleChart } from './candleChart.ts';

/**
 * Subscribes `chart` to the pair's candles of `interval` and returns the latest candle (null until
 * one arrives); the store's `chart` flag says when the snapshot is in.
 */
export function useCandleStream(
  chart: CandleChart | null,
  pair: PairSymbol,
  interval: CandleInterval,
): Candle | null {
  const [latest, setLatest] = useState<Candle | null>(null);

  useEffect(() => {
    if (chart === null) return;
    setStreamLoaded('chart', false);
    setLatest(null);
    const stop = marketStream().subscribe({ stream: 'chart', pair, interval }, (message) => {
      if (message.type !== 'candles' || message.interval !== interval) return;
      if (message.snapshot) chart.setCandles(message.candles);
      else for (const candle of message.candles) chart.updateCandle(candle);
      const last = message.candles.at(-1);
      if (last !== undefined) setLatest(last);
      if (message.snapshot) setStreamLoaded('chart', true);
    });
    return () => {
      stop();
      setStreamLoaded('chart', false);
    };
  }, [chart, pair, interval]);

  return latest;
}
