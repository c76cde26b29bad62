import { expect } from 'chai';
import type { Candle } from '../../../core/index.ts';
import type { CandleChart } from './candleChart.ts';
import { CandleFeed } from './candleFeed.ts';

function candle(minute: number, close: string): Candle {
  return {
    time: minute * 60_000,
    open: '100',
    high: '110',
    low: '90',
    close,
    baseVolume: '1',
    quoteVolume: '100',
  };
}

/** A chart that writes down what it was asked to draw. */
function recordingChart() {
  const drawn: string[] = [];
  const chart: CandleChart = {
    setCandles: (list) => drawn.push(`all ${list.map((c) => c.close).join(',')}`),
    updateCandle: (c) => drawn.push(`update ${c.close}`),
    remove: () => {},
  };
  return { chart, drawn };
}

describe('candle feed', () => {
  it('gives a chart made late every candle so far in one drawing, then each update', () => {
    const feed = new CandleFeed();
    feed.receive([candle(1, '101'), candle(2, '102')], true);
    feed.receive([candle(2, '103')], false);
    feed.receive([candle(3, '104')], false);
    const { chart, drawn } = recordingChart();
    feed.attach(chart);
    expect(drawn).to.deep.equal(['all 101,103,104']);
    feed.receive([candle(3, '105')], false);
    expect(drawn).to.deep.equal(['all 101,103,104', 'update 105']);
  });

  it('lets a snapshot replace what it held, and draws nothing when nothing came', () => {
    const feed = new CandleFeed();
    const { chart, drawn } = recordingChart();
    feed.attach(chart);
    expect(drawn).to.deep.equal([]);
    feed.receive([candle(5, '200')], true);
    feed.attach(null);
    feed.clear();
    feed.receive([candle(9, '300')], true);
    const later = recordingChart();
    feed.attach(later.chart);
    expect(drawn).to.deep.equal(['all 200']);
    expect(later.drawn).to.deep.equal(['all 300']);
  });

  it('tells the highest price of the candles it holds, 0 before any', () => {
    const feed = new CandleFeed();
    expect(feed.highest()).to.equal(0);
    feed.receive([{ ...candle(0, '100'), high: '97250.5' }, candle(1, '101')], true);
    feed.receive([{ ...candle(2, '102'), high: '98001' }], false);
    expect(feed.highest()).to.equal(98001);
  });
});
