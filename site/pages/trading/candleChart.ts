/**
 * The candlestick chart with its volume, drawn by TradingView's Lightweight Charts (Apache-2.0;
 * its licence asks for the attribution the page shows under the chart). Only the trading page
 * imports this file, and only dynamically, so the library stays out of every other page.
 * Figures become numbers here for drawing only; no amount shown as text passes through them.
 */
import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  type UTCTimestamp,
} from 'lightweight-charts';
import { type Candle, PAIRS, type PairSymbol } from '../../../core/index.ts';
import { tickMarkText } from './tickMarkText.ts';

/** What the page does with a chart. */
export interface CandleChart {
  /** Replaces every candle (a snapshot). */
  setCandles(candles: readonly Candle[]): void;
  /** Updates the current candle or adds the next one. */
  updateCandle(candle: Candle): void;
  /** Shows an axis: the chart starts without them (see createCandleChart). */
  showAxis(axis: 'price' | 'time'): void;
  remove(): void;
}

/** The site's font (styles.css). */
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The price axis's width in CSS pixels, before its labels ask for more. */
const PRICE_AXIS_WIDTH = 72;

const UP = '#4ade80';
const DOWN = '#ff8a80';

function bar(candle: Candle) {
  return {
    time: (candle.time / 1000) as UTCTimestamp,
    open: Number(candle.open),
    high: Number(candle.high),
    low: Number(candle.low),
    close: Number(candle.close),
  };
}

function volume(candle: Candle) {
  const up = Number(candle.close) >= Number(candle.open);
  return {
    time: (candle.time / 1000) as UTCTimestamp,
    value: Number(candle.baseVolume),
    color: up ? 'rgba(74, 222, 128, 0.45)' : 'rgba(255, 138, 128, 0.45)',
  };
}

/**
 * Draws the chart of `pair` into `container`, sized to it, without its axes: the library draws
 * everything it shows in one frame, and a chart whose code has not run yet takes long to draw
 * the first time; shown one at a time (`showAxis`), each part's first drawing has a frame of its
 * own.
 */
export function createCandleChart(container: HTMLElement, pair: PairSymbol): CandleChart {
  const spec = PAIRS[pair];
  const chart = createChart(container, {
    autoSize: true,
    layout: {
      background: { type: ColorType.Solid, color: '#151a23' },
      textColor: '#a3adbf',
      // The page's own font, already resolved: the library's default list names fonts this
      // system may lack, and each label measured would look for them first.
      fontFamily: FONT,
      // The attribution and link are shown under the chart, as text a screen reader can read.
      attributionLogo: false,
    },
    grid: { vertLines: { color: '#1f2533' }, horzLines: { color: '#1f2533' } },
    // Wide enough for a price from the start: the empty chart's axis would otherwise widen when
    // the candles arrive, and every canvas be sized and drawn again.
    rightPriceScale: { borderColor: '#2a3140', minimumWidth: PRICE_AXIS_WIDTH, visible: false },
    timeScale: {
      borderColor: '#2a3140',
      timeVisible: true,
      tickMarkFormatter: tickMarkText,
      visible: false,
    },
  });
  const candles = chart.addSeries(CandlestickSeries, {
    upColor: UP,
    downColor: DOWN,
    borderUpColor: UP,
    borderDownColor: DOWN,
    wickUpColor: UP,
    wickDownColor: DOWN,
    priceFormat: {
      type: 'price',
      precision: spec.priceDecimals,
      minMove: Number(spec.tickSize),
    },
  });
  const volumes = chart.addSeries(HistogramSeries, {
    priceScaleId: '',
    priceFormat: { type: 'volume' },
    lastValueVisible: false,
    priceLineVisible: false,
  });
  volumes.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });
  return {
    setCandles(list) {
      candles.setData(list.map(bar));
      volumes.setData(list.map(volume));
    },
    updateCandle(candle) {
      candles.update(bar(candle));
      volumes.update(volume(candle));
    },
    showAxis(axis) {
      if (axis === 'price') chart.applyOptions({ rightPriceScale: { visible: true } });
      else chart.applyOptions({ timeScale: { visible: true } });
    },
    remove() {
      chart.remove();
    },
  };
}
