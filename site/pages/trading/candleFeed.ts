/**
 * The candles of one interval as the `chart` stream brings them, held until a chart is there to
 * draw them: the chart is made later than the stream starts (once the page is idle), and then
 * gets everything so far in one call, so the candles are drawn in one frame rather than one by
 * one as they came.
 */
import type { Candle } from '../../../core/index.ts';
import type { CandleChart } from './candleChart.ts';

/** See the file comment. */
export class CandleFeed {
  private candles: Candle[] = [];
  private chart: CandleChart | null = null;

  /** A snapshot replaces every candle; an update changes the current candle or adds the next. */
  receive(candles: readonly Candle[], snapshot: boolean): void {
    if (snapshot) {
      this.candles = [...candles];
      this.chart?.setCandles(this.candles);
      return;
    }
    for (const candle of candles) {
      // Almost always the last candle or the next one: look from the end.
      let at = this.candles.length - 1;
      while (at >= 0 && (this.candles[at]?.time ?? 0) > candle.time) at -= 1;
      if (this.candles[at]?.time === candle.time) this.candles[at] = candle;
      else this.candles.splice(at + 1, 0, candle);
      this.chart?.updateCandle(candle);
    }
  }

  /** The highest price of the candles held, as a number for sizing the chart; 0 with none. */
  highest(): number {
    return this.candles.reduce((most, candle) => Math.max(most, Number(candle.high)), 0);
  }

  /** Forgets the candles (another interval or pair is coming). */
  clear(): void {
    this.candles = [];
  }

  /** Draws what is held into `chart` and keeps it current from now on; null lets it go. */
  attach(chart: CandleChart | null): void {
    this.chart = chart;
    if (chart !== null && this.candles.length > 0) chart.setCandles(this.candles);
  }
}
