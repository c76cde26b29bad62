/**
 * A pair's last 24 hours as a small line: hourly closes placed by time, then the live last price
 * at "now". Decorative (aria-hidden): the row's figures say the same in words.
 */
import type { Trend } from './marketFormat.ts';
import { SPARKLINE_SPAN_MS, type SparkPoint } from './useSparklines.ts';

const WIDTH = 100;
const HEIGHT = 32;
const PAD = 2;

/** The polyline's points ("x,y x,y …") for `points` seen at `now`; empty below one point. */
export function sparklinePath(points: readonly SparkPoint[], now: number): string {
  if (points.length === 0) return '';
  const start = now - SPARKLINE_SPAN_MS;
  const prices = points.map((point) => point.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const x = (time: number) =>
    (Math.min(Math.max((time - start) / SPARKLINE_SPAN_MS, 0), 1) * WIDTH).toFixed(1);
  const y = (price: number) =>
    (high === low
      ? HEIGHT / 2
      : PAD + (1 - (price - low) / (high - low)) * (HEIGHT - 2 * PAD)
    ).toFixed(1);
  // A single price is drawn as a level line across the span.
  const first = points[0];
  const shown =
    points.length === 1 && first ? [{ time: start, price: first.price }, first] : points;
  return shown.map((point) => `${x(point.time)},${y(point.price)}`).join(' ');
}

/** See the file comment. */
export function Sparkline({
  points,
  last,
  trend,
  now = Date.now(),
}: {
  points: readonly SparkPoint[];
  /** The live last price, drawn as the newest point. */
  last: string | null;
  trend: Trend;
  now?: number;
}) {
  const withLast = last === null ? points : [...points, { time: now, price: Number(last) }];
  const path = sparklinePath(withLast, now);
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
