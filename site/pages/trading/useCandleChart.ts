/**
 * The chart library, loaded with the chart panel rather than with the site, and the chart made
 * once the page is painted and idle, in steps that each fit a short task: the page's first frame
 * shows the figures, book and trades without waiting for the canvas, and no step of the chart's
 * start holds the main thread long enough to delay a tap.
 */
import { type RefObject, useEffect, useState } from 'react';
import type { PairSymbol } from '../../../core/index.ts';
import { whenIdle } from '../../whenIdle.ts';
import type { CandleChart } from './candleChart.ts';
import type { CandleFeed } from './candleFeed.ts';

/**
 * A candle chart drawn into `box` for `pair` from `feed` once the library has loaded and `start`
 * is true, and whether it is drawn yet or loading it failed. The chart is removed when the pair
 * changes or the panel goes.
 */
export function useCandleChart(
  box: RefObject<HTMLDivElement | null>,
  pair: PairSymbol,
  feed: CandleFeed,
  start: boolean,
): { drawn: boolean; failed: boolean } {
  const [drawn, setDrawn] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let made: CandleChart | null = null;
    let current = true;
    let cancelIdle = () => {};
    // The download starts at once; only making the chart waits. Then one step an idle period:
    // the axes' text written once, then each step drawn by the library in a frame of its own:
    // the empty chart, then its candles. The skeleton covers the chart until they are in.
    import('./candleChart.ts').then(
      ({ createCandleChart, prepareAxisText }) => {
        if (!start) return;
        let priceAxis = 0;
        const steps = [
          () => {
            priceAxis = prepareAxisText(pair, feed.highest());
          },
          () => {
            if (box.current !== null) made = createCandleChart(box.current, pair, priceAxis);
          },
          () => made !== null && feed.attach(made),
          () => made !== null && setDrawn(true),
        ];
        const next = () => {
          cancelIdle = whenIdle(() => {
            if (!current) return;
            steps.shift()?.();
            if (steps.length > 0) next();
          });
        };
        next();
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      cancelIdle();
      feed.attach(null);
      made?.remove();
      setDrawn(false);
    };
  }, [box, pair, feed, start]);

  return { drawn, failed };
}
