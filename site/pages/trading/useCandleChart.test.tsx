import { render, screen, waitFor } from '@testing-library/react';
import { expect } from 'chai';
import { useRef } from 'react';
import type { Candle } from '../../../core/index.ts';
import { whenIdle } from '../../whenIdle.ts';
import { CandleFeed } from './candleFeed.ts';
import { useCandleChart } from './useCandleChart.ts';

function candle(minute: number): Candle {
  const time = minute * 60_000;
  return {
    time,
    open: '100',
    high: '110',
    low: '90',
    close: '105',
    baseVolume: '1',
    quoteVolume: '105',
  };
}

function Chart({ feed, start }: { feed: CandleFeed; start: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const { drawn } = useCandleChart(box, 'BTC_USDT', feed, start);
  return (
    <div>
      <div ref={box} data-testid="box" style={{ width: 400, height: 300 }} />
      {drawn ? <p>drawn</p> : null}
    </div>
  );
}

const idle = () => new Promise<void>((done) => whenIdle(done));

describe('useCandleChart', () => {
  it('makes no chart before it may start, then draws the candles held once it may', async () => {
    const feed = new CandleFeed();
    feed.receive([candle(0), candle(15)], true);
    const { rerender } = render(<Chart feed={feed} start={false} />);
    await import('./candleChart.ts');
    await idle();
    await idle();
    expect(screen.getByTestId('box').querySelector('canvas')).to.equal(null);

    rerender(<Chart feed={feed} start />);
    await waitFor(() => expect(screen.getByText('drawn')).to.exist, { timeout: 10_000 });
    expect(screen.getByTestId('box').querySelectorAll('canvas').length).to.be.greaterThan(0);
  });
});
