/** The chart's latest candle in words, since the canvas says nothing to a screen reader. */
import {
  type Candle,
  formatPairAmount,
  formatPrice,
  PAIRS,
  type PairSymbol,
} from '../../../core/index.ts';

/** Open, high, low, close and volume of the latest candle, or a note that there is none yet. */
export function LatestCandle({ pair, candle }: { pair: PairSymbol; candle: Candle | null }) {
  if (candle === null) return <p className="chart-legend muted">No candles yet.</p>;
  return (
    <dl className="chart-legend" data-testid="chart-candle">
      <div>
        <dt>Open</dt>
        <dd>{formatPrice(pair, candle.open)}</dd>
      </div>
      <div>
        <dt>High</dt>
        <dd>{formatPrice(pair, candle.high)}</dd>
      </div>
      <div>
        <dt>Low</dt>
        <dd>{formatPrice(pair, candle.low)}</dd>
      </div>
      <div>
        <dt>Close</dt>
        <dd data-testid="chart-close">{formatPrice(pair, candle.close)}</dd>
      </div>
      <div>
        <dt>Volume</dt>
        <dd data-testid="chart-volume">
          {formatPairAmount(pair, candle.baseVolume)} {PAIRS[pair].base}
        </dd>
      </div>
    </dl>
  );
}
