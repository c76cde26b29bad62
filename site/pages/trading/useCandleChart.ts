/** The chart library, loaded with the chart panel rather than with the site. */
import { type RefObject, useEffect, useState } from 'react';
import type { PairSymbol } from '../../../core/index.ts';
import type { CandleChart } from './candleChart.ts';

/**
 * A candle chart drawn into `box` for `pair` once the library has loaded (null until then), and
 * whether loading it failed. The chart is removed when the pair changes or the panel goes.
 */
export function useCandleChart(
  box: RefObject<HTMLDivElement | null>,
  pair: PairSymbol,
): { chart: CandleChart | null; failed: boolean } {
  const [chart, setChart] = useState<CandleChart | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let made: CandleChart | null = null;
    let current = true;
    import('./candleChart.ts').then(
      ({ createCandleChart }) => {
        if (!current || box.current === null) return;
        made = createCandleChart(box.current, pair);
        setChart(made);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      made?.remove();
    };
  }, [box, pair]);

  return { chart, failed };
}
