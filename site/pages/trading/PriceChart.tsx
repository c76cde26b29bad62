/**
 * The price chart panel: candles of the chosen interval from the `chart` stream (a snapshot,
 * then the current candle as it changes), an interval switcher, the latest candle in words (the
 * canvas says nothing to a screen reader) and the chart library's attribution. The library
 * loads with this panel, not with the site, and the candles stream in while it loads.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { type CandleInterval, type PairSymbol, trading } from '../../../core/index.ts';
import { CandleFeed } from './candleFeed.ts';
import { IntervalSwitch } from './IntervalSwitch.tsx';
import { LatestCandle } from './LatestCandle.tsx';
import { useCandleChart } from './useCandleChart.ts';
import { useCandleStream } from './useCandleStream.ts';

/** The longest the chart waits for the book and the trades before it is drawn anyway. */
export const CHART_WAIT_MS = 3000;

/**
 * Whether the chart may start: once the book and the trades are in (their first drawing and the
 * chart's would otherwise share frames, and such a frame holds the page too long), or after
 * CHART_WAIT_MS without them.
 */
function useChartStart(): boolean {
  const { isOrdersLoaded, isTradesLoaded } = useSnapshot(trading);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), CHART_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);
  return (isOrdersLoaded && isTradesLoaded) || waited;
}

/** See the file comment. */
export function PriceChart({ pair }: { pair: PairSymbol }) {
  const [interval, chooseInterval] = useState<CandleInterval>('15m');
  const { isChartLoaded } = useSnapshot(trading);
  const box = useRef<HTMLDivElement>(null);
  const [feed] = useState(() => new CandleFeed());
  const { drawn, failed } = useCandleChart(box, pair, feed, useChartStart());
  const latest = useCandleStream(feed, pair, interval);

  const name = pair.replace('_', '/');
  return (
    <section className="trading-panel trading-chart" aria-labelledby="chart-title">
      <div className="panel-head">
        <h2 id="chart-title">Chart</h2>
        <IntervalSwitch interval={interval} onChoose={chooseInterval} />
      </div>
      <div className="chart-area">
        <div
          ref={box}
          // Hidden until its candles are drawn (see trading.css).
          className={drawn ? 'chart-canvas' : 'chart-canvas chart-canvas-drawing'}
          role="img"
          aria-label={`Candlestick chart of ${name} with volume, ${interval} candles`}
        />
        {(isChartLoaded && drawn) || failed ? null : (
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
      <ChartAttribution />
    </section>
  );
}

// The library's licence asks for this notice wherever its charts appear.
function ChartAttribution() {
  return (
    <p className="chart-attribution">
      Charts by{' '}
      <a href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
        TradingView Lightweight Charts™
      </a>
      , copyright © 2023 TradingView, Inc.
    </p>
  );
}
