import { act, render, screen, within } from '@testing-library/react';
import { expect } from 'chai';
import { Profiler } from 'react';
import { initialTrading, type MarketSummary, PAIRS, trading } from '../../../core/index.ts';
import { afterNextFrame, MarketStream } from '../../../core/marketStream.ts';
import type { MarketServerMessage, PublicTrade } from '../../../core/protocol/index.ts';
import { FakeSocket } from '../../../core/socket/FakeSocket.ts';
import { MarketHeader } from './MarketHeader.tsx';
import { MarketData } from './marketData.ts';
import { RecentTrades } from './RecentTrades.tsx';

function ticker(last: string): MarketServerMessage {
  const spec = PAIRS.BTC_USDT;
  const summary = {
    pair: 'BTC_USDT',
    base: spec.base,
    quote: spec.quote,
    last,
    change: '1.5',
    high: '98000',
    low: '96000',
    baseVolume: '12',
    quoteVolume: '1164000',
  } as MarketSummary;
  return { v: 1, type: 'ticker', pair: 'BTC_USDT', ticker: summary };
}

function trades(snapshot: boolean, ...ids: number[]): MarketServerMessage {
  const list: PublicTrade[] = ids.map((id) => ({
    id,
    price: `${97000 + id}`,
    amount: '0.01',
    takerSide: 'buy',
    time: '2026-11-23T10:00:00Z',
  }));
  return { v: 1, type: 'trades', pair: 'BTC_USDT', snapshot, trades: list };
}

/** A task of its own, as separate socket frames arrive. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a burst of stream messages on the trading page', () => {
  afterEach(() => Object.assign(trading, initialTrading));

  it('shows the last figures after one render, not one render per socket frame', async () => {
    FakeSocket.all = [];
    // The browser's next frame, held by the test.
    const due: (() => void)[] = [];
    const stream = new MarketStream({
      baseUrl: '',
      WebSocket: FakeSocket as unknown as typeof WebSocket,
      schedule: (deliver) => due.push(deliver),
    });
    const nextFrame = () =>
      act(() => {
        for (const deliver of due.splice(0)) deliver();
      });
    const data = new MarketData('BTC_USDT');
    const stop = data.watchMarket(stream);
    let commits = 0;
    render(
      <Profiler id="market" onRender={() => (commits += 1)}>
        <MarketHeader data={data} />
        <RecentTrades data={data} />
      </Profiler>,
    );
    while (FakeSocket.all.length === 0) await nextTask();
    const socket = FakeSocket.all[0] as FakeSocket;
    socket.open();
    socket.frame(ticker('97000'));
    socket.frame(trades(true, 1));
    await nextFrame();
    expect(screen.getByTestId('stat-last').textContent).to.equal('97,000.00');

    commits = 0;
    for (const [index, last] of ['97001', '97002.5', '97003', '97004.75'].entries()) {
      socket.frame(ticker(last));
      socket.frame(trades(false, index + 2));
      await nextTask();
    }
    // Eight frames arrived in four tasks; the page has not been touched yet.
    expect(screen.getByTestId('stat-last').textContent).to.equal('97,000.00');
    expect(commits).to.equal(0);
    await nextFrame();
    expect(commits).to.equal(1);
    expect(screen.getByTestId('stat-last').textContent).to.equal('97,004.75');
    const rows = within(screen.getByTestId('recent-trades')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-trade-id'))).to.deep.equal([
      '5',
      '4',
      '3',
      '2',
      '1',
    ]);
    stop();
    stream.close();
  });

  it('hands the messages over after the next frame is drawn, not among its frame callbacks', async () => {
    const order: string[] = [];
    const delivered = new Promise<void>((done) =>
      afterNextFrame(() => {
        order.push('delivered');
        done();
      }),
    );
    // Asked for later, this frame callback still runs before the delivery.
    requestAnimationFrame(() => order.push('frame'));
    await delivered;
    expect(order).to.deep.equal(['frame', 'delivered']);
  });
});
