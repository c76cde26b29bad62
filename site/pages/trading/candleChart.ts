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
  remove(): void;
}

/** The site's font (styles.css). */
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The price axis's narrowest width in CSS pixels. */
const PRICE_AXIS_WIDTH = 72;

/** The library's axis font size in CSS pixels (its default). */
const AXIS_FONT_SIZE = 12;

/** What the library adds to its widest label: border, tick, two paddings and the label's offset. */
const AXIS_LABEL_ROOM = 21;

/** Every character the axes write: digits and separators, the months' names, volumes' K and M. */
const AXIS_CHARACTERS = '0123456789.,:-−%KMB JanFebMrApyJulgSOctNovDc';

function axisContext(): CanvasRenderingContext2D | null {
  const context = document.createElement('canvas').getContext('2d');
  if (context !== null) context.font = `${AXIS_FONT_SIZE}px ${FONT}`;
  return context;
}

/**
 * The price axis's width for labels up to `highest` with `decimals` places, as the library works
 * it out (each digit measured as a zero, the sum made even): given from the start, the axis does
 * not widen when the candles arrive, which would size and draw every canvas of the chart again.
 * One digit more than `highest` has, so a price crossing into the next power of ten fits too.
 */
export function priceAxisWidth(
  highest: number,
  decimals: number,
  context: CanvasRenderingContext2D | null = axisContext(),
): number {
  const digits = Math.max(1, Math.floor(Math.log10(Math.max(highest, 1))) + 1) + 1;
  const label = `${'0'.repeat(digits)}${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''}`;
  if (context === null) return PRICE_AXIS_WIDTH;
  const width = Math.ceil(AXIS_LABEL_ROOM + context.measureText(label).width);
  return Math.max(PRICE_AXIS_WIDTH, width + (width % 2));
}

/**
 * The price axis's width for `pair` (priceAxisWidth), found while writing every character the
 * axes use once, in the chart's font, on a canvas of its own: the browser's first use of a font
 * (finding it, shaping and rasterising each glyph) then happens in a task of its own instead of
 * inside the chart's first drawings, which write those labels.
 */
export function prepareAxisText(pair: PairSymbol, highest: number): number {
  const context = axisContext();
  context?.fillText(AXIS_CHARACTERS, 0, AXIS_FONT_SIZE);
  return priceAxisWidth(highest, PAIRS[pair].priceDecimals, context);
}

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
 * Draws the chart of `pair` into `container`, sized to it, with both axes from the start (empty
 * until the candles come), the price axis `priceAxis` pixels wide (prepareAxisText): an axis shown
 * later narrows or shortens the pane, and the library then sizes and draws every canvas of the
 * chart again in one frame.
 */
export function createCandleChart(
  container: HTMLElement,
  pair: PairSymbol,
  priceAxis: number,
): CandleChart {
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
    rightPriceScale: {
      borderColor: '#2a3140',
      minimumWidth: priceAxis,
    },
    timeScale: { borderColor: '#2a3140', timeVisible: true, tickMarkFormatter: tickMarkText },
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
    remove() {
      chart.remove();
    },
  };
}
