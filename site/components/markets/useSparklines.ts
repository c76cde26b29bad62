/**
 * Each pair's last 24 hours as prices to draw (markets.getCandles, hourly): the first candle's
 * open, then every candle's close; read again every minute, and between reads the rows add the
 * live last price themselves. Decoration, so it waits: the first read starts once the list is
 * painted and the page idle, and the pairs are asked one after the other, each request (and its
 * encoding) a short task of its own rather than eight in one.
 */
import { useEffect, useState } from 'react';
import { call, PAIR_SYMBOLS, type PairSymbol } from '../../../core/index.ts';
import { whenIdle } from '../../whenIdle.ts';

/** The span a sparkline covers. */
export const SPARKLINE_SPAN_MS = 24 * 60 * 60 * 1000;

/** How often the candles are read again. */
export const SPARKLINE_REFRESH_MS = 60_000;

/** Each pair's prices, oldest first; a pair is missing until its candles arrive. */
export type Sparklines = Partial<Record<PairSymbol, readonly number[]>>;

/** See the file comment. */
export function useSparklines(): Sparklines {
  const [series, setSeries] = useState<Sparklines>({});

  useEffect(() => {
    let current = true;
    const load = async () => {
      const from = Date.now() - SPARKLINE_SPAN_MS;
      const loaded: Sparklines = {};
      for (const pair of PAIR_SYMBOLS) {
        const prices = await pairPrices(pair, from);
        if (!current) return;
        if (prices !== null) loaded[pair] = prices;
      }
      setSeries((previous) => ({ ...previous, ...loaded }));
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const cancelIdle = whenIdle(() => {
      void load();
      timer = setInterval(() => void load(), SPARKLINE_REFRESH_MS);
    });
    return () => {
      current = false;
      cancelIdle();
      clearInterval(timer);
    };
  }, []);

  return series;
}

/** A pair's prices over the span, or null when they could not be read. */
async function pairPrices(pair: PairSymbol, from: number): Promise<number[] | null> {
  const reply = await call('markets.getCandles', { pair, interval: '1h', from }).catch(() => null);
  if (!reply?.status) return null;
  const first = reply.candles[0];
  // Plotting only: a float is precise enough for a 32-pixel line.
  const prices = reply.candles.map((candle) => Number(candle.close));
  return first === undefined ? [] : [Number(first.open), ...prices];
}
