/**
 * A pair's last 24 hours as a small line: the prices evenly spaced, then the live last price when
 * it moved since. Decorative (aria-hidden): the row's figures say the same in words.
 */
import type { Trend } from '../../../core/index.ts';

const WIDTH = 100;
const HEIGHT = 32;
const PAD = 2;

/** The polyline's points ("x,y x,y …") for `prices`; empty when there are none. */
export function sparklinePath(prices: readonly number[]): string {
  if (prices.length === 0) return '';
  // A single price is drawn as a level line across the span.
  const shown = prices.length === 1 ? [prices[0] ?? 0, prices[0] ?? 0] : prices;
  const low = Math.min(...shown);
  const high = Math.max(...shown);
  const step = WIDTH / (shown.length - 1);
  const y = (price: number) =>
    high === low ? HEIGHT / 2 : PAD + (1 - (price - low) / (high - low)) * (HEIGHT - 2 * PAD);
  return shown
    .map((price, index) => `${(index * step).toFixed(1)},${y(price).toFixed(1)}`)
    .join(' ');
}

/** See the file comment. */
export function Sparkline({
  prices,
  last,
  trend,
}: {
  prices: readonly number[];
  /** The live last price, drawn as the newest point. */
  last: string | null;
  trend: Trend;
}) {
  // Plotting only: a float is precise enough for a 32-pixel line.
  const live = last === null ? null : Number(last);
  const withLast = live === null || prices.at(-1) === live ? prices : [...prices, live];
  const path = sparklinePath(withLast);
  return (
    <svg
      className={`sparkline trend-${trend}`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width={WIDTH}
      height={HEIGHT}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      data-points={withLast.length}
    >
      {path === '' ? (
        <line x1="0" y1={HEIGHT / 2} x2={WIDTH} y2={HEIGHT / 2} className="sparkline-empty" />
      ) : (
        <polyline points={path} fill="none" vectorEffect="non-scaling-stroke" />
      )}
    </svg>
  );
}
