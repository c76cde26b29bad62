/**
 * The price chart panel: candles of the chosen interval from the `chart` stream (a snapshot,
 * then the current candle as it changes), an interval switcher, the latest candle in words (the
 * canvas says nothing to a screen reader) and the chart library's attribution. The library
 * loads with this panel, not with the site.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  type Candle,
  type CandleInterval,
  formatPairAmount,
  formatPrice,
  PAIRS,
  type PairSymbol,
  setStreamLoaded,
  trading,
} from '../../../core/index.ts';
import { marketStream } from '../../../core/marketConnection.ts';
import type { CandleChart } from './candleChart.ts';

/** The intervals offered, as the API names them. */
export const INTERVALS: readonly CandleInterval[] = ['1m', '5m', '15m', '1h', '4h', '1d'];

function LatestCandle({ pair, candle }: { pair: PairSymbol; candle: Candle | null }) {
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

/** See the file comment. */
export function PriceChart({ pair }: { pair: PairSymbol }) {
  const [interval, chooseInterval] = useState<CandleInterval>('15m');
  const [chart, setChart] = useState<CandleChart | null>(null);
  const [failed, setFailed] = useState(false);
  const [latest, setLatest] = useState<Candle | null>(null);
  const { isChartLoaded } = useSnapshot(trading);
  const box = useRef<HTMLDivElement>(null);

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
  }, [pair]);

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

  const name = pair.replace('_', '/');
  return (
    <section className="trading-panel trading-chart" aria-labelledby="chart-title">
      <div className="panel-head">
        <h2 id="chart-title">Chart</h2>
        <fieldset className="interval-switch">
          <legend className="visually-hidden">Candle interval</legend>
          {INTERVALS.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={choice === interval}
              onClick={() => chooseInterval(choice)}
            >
              {choice}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="chart-area">
        <div
          ref={box}
          className="chart-canvas"
          role="img"
          aria-label={`Candlestick chart of ${name} with volume, ${interval} candles`}
        />
        {isChartLoaded || failed ? null : (
          <div className="chart-skeleton skeleton" role="status" aria-live="polite">
            <span className="visually-hidden">Loading the chart</span>
          </div>
        )}
        {failed ? (
          <p role="alert" className="chart-failed">
            The chart could not be loaded. Reload the page to try again.
          </p>
        ) : null}
      </div>
      <LatestCandle pair={pair} candle={latest} />
      <p className="chart-attribution">
        Charts by{' '}
        <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
          TradingView Lightweight Charts™
        </a>
        , copyright © 2023 TradingView, Inc.
      </p>
    </section>
  );
}
