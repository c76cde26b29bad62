/**
 * Each pair's last 24 hours as prices to draw (markets.getCandles, hourly): the first candle's
 * open, then every candle's close; read again every minute, and between reads the rows add the
 * live last price themselves.
 */
import { useEffect, useState } from 'react';
import { call, PAIR_SYMBOLS, type PairSymbol } from '../../../core/index.ts';

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
      const loaded = await Promise.all(
        PAIR_SYMBOLS.map(async (pair) => {
          // Plotting only: a float is precise enough for a 32-pixel line.
          const reply = await call('markets.getCandles', { pair, interval: '1h', from }).catch(
            () => null,
          );
          if (!reply?.status) return null;
          const first = reply.candles[0];
          const prices = reply.candles.map((candle) => Number(candle.close));
          return [pair, first === undefined ? [] : [Number(first.open), ...prices]] as const;
        }),
      );
      if (!current) return;
      setSeries((previous) => {
        const next: Sparklines = { ...previous };
        for (const entry of loaded) if (entry !== null) next[entry[0]] = entry[1];
        return next;
      });
    };
    void load();
    const timer = setInterval(() => void load(), SPARKLINE_REFRESH_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, []);

  return series;
}
