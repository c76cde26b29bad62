import { effect } from '@preact/signals-react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import { initialTrading, trading } from '../../../core/index.ts';
import type { MarketStream } from '../../../core/marketStream.ts';
import type { MarketServerMessage, StreamTopic } from '../../../core/protocol/index.ts';
import { groupingSteps, MarketData, mergeOpenOrders, mergeTrades } from './marketData.ts';
import { FIRST_BOOK_ROWS, OrderBook } from './OrderBook.tsx';

/** A stand-in for the page's connection: the test sends what the server would. */
function fakeStream() {
  const listeners = new Map<string, (message: MarketServerMessage) => void>();
  const resyncs: string[] = [];
  const stream = {
    subscribe(topic: StreamTopic, listener: (message: MarketServerMessage) => void) {
      listeners.set(topic.stream, listener);
      return () => listeners.delete(topic.stream);
    },
    resync(topic: StreamTopic) {
      resyncs.push(topic.stream);
    },
  } as unknown as MarketStream;
  // Async: the load flags are valtio state, whose subscribers hear of a change a microtask later.
  const send = async (stream: string, message: MarketServerMessage) => {
    await act(async () => listeners.get(stream)?.(message));
  };
  return { stream, send, resyncs };
}

function book(
  sequence: number,
  bids: [string, string][],
  asks: [string, string][],
  snapshot = false,
) {
  return { v: 1, type: 'book', pair: 'BTC_USDT', snapshot, sequence, bids, asks } as const;
}

const SNAPSHOT = book(
  7,
  [
    ['97000.05', '0.5'],
    ['97000.01', '0.25'],
    ['96990', '1'],
  ],
  [
    ['97001', '0.1'],
    ['97001.5', '0.2'],
  ],
  true,
);

function rowTexts(side: 'bids' | 'asks'): string[] {
  return within(screen.getByTestId(`book-${side}`))
    .queryAllByRole('button')
    .map((button) =>
      [...button.querySelectorAll('span')].map((cell) => cell.textContent).join(' | '),
    );
}

describe('order book', () => {
  afterEach(() => Object.assign(trading, initialTrading));

  it('shows a skeleton until the snapshot, then both sides with running totals, best next to the last price', async () => {
    const data = new MarketData('BTC_USDT');
    const { stream, send } = fakeStream();
    const stop = data.watchMarket(stream);
    render(<OrderBook data={data} />);
    expect(screen.getByText('Loading the order book')).to.exist;
    await send('orders', SNAPSHOT);
    expect(screen.queryByText('Loading the order book') === null).to.equal(true);
    expect(trading.isOrdersLoaded).to.equal(true);
    expect(rowTexts('bids')).to.deep.equal([
      '97,000.05 | 0.5 | 0.5',
      '97,000.01 | 0.25 | 0.75',
      '96,990.00 | 1 | 1.75',
    ]);
    // Asks read from the highest down to the best, which sits above the last price.
    expect(rowTexts('asks')).to.deep.equal(['97,001.50 | 0.2 | 0.3', '97,001.00 | 0.1 | 0.1']);
    stop();
    expect(trading.isOrdersLoaded).to.equal(false);
  });

  it('groups prices by the chosen step: bids down, asks up', async () => {
    const data = new MarketData('BTC_USDT');
    const { stream, send } = fakeStream();
    const stop = data.watchMarket(stream);
    render(<OrderBook data={data} />);
    await send('orders', SNAPSHOT);
    expect(groupingSteps('BTC_USDT')).to.deep.equal(['0.01', '0.1', '1', '10']);
    expect(groupingSteps('DOGE_USDT')).to.deep.equal(['0.00001', '0.0001', '0.001', '0.01']);
    fireEvent.change(screen.getByLabelText('Group by'), { target: { value: '10' } });
    expect(rowTexts('bids')).to.deep.equal(['97,000.00 | 0.75 | 0.75', '96,990.00 | 1 | 1.75']);
    expect(rowTexts('asks')).to.deep.equal(['97,010.00 | 0.3 | 0.3']);
    stop();
  });

  it('puts a chosen price into the order form', async () => {
    const data = new MarketData('BTC_USDT');
    const { stream, send } = fakeStream();
    const stop = data.watchMarket(stream);
    render(<OrderBook data={data} />);
    await send('orders', SNAPSHOT);
    const row = within(screen.getByTestId('book-asks')).getByText('97,001.50');
    fireEvent.click(row);
    expect(data.picked.value?.price).to.equal('97001.5');
    // The row is a button: the keyboard reaches it and Enter chooses it.
    expect(row.closest('button')?.getAttribute('aria-describedby')).to.equal('book-pick-hint');
    stop();
  });

  it('draws the rows nearest the last price with the snapshot and the outer ones after, in place', async () => {
    const data = new MarketData('BTC_USDT');
    const { stream, send } = fakeStream();
    const stop = data.watchMarket(stream);
    render(<OrderBook data={data} />);
    const levels = (from: number, by: number): [string, string][] =>
      Array.from({ length: 12 }, (_, index) => [String(from + by * index), '1']);
    await send('orders', book(1, levels(96_000, -1), levels(97_000, 1), true));
    const items = (side: 'bids' | 'asks') =>
      within(screen.getByTestId(`book-${side}`)).getAllByRole('listitem', { hidden: true });
    expect(items('bids')).to.have.length(12, 'every row is there, drawn or not');
    expect(rowTexts('bids')).to.have.length(FIRST_BOOK_ROWS);
    expect(rowTexts('bids')[0]).to.match(/^96,000\.00 /, 'the best bid first');
    // Asks read from the highest down: the drawn ones are the last, next to the last price.
    expect(rowTexts('asks').at(-1)).to.match(/^97,000\.00 /);
    expect(items('asks').at(-1)?.querySelector('button')).to.not.equal(null);
    expect(items('asks')[0]?.querySelector('button')).to.equal(null);
    await waitFor(() => expect(rowTexts('asks')).to.have.length(12));
    expect(rowTexts('bids')).to.have.length(12);
    expect(rowTexts('asks')[0]).to.match(/^97,011\.00 /);
    stop();
  });

  it('changes only the rows whose figures changed, and re-syncs after a missed update', async () => {
    const data = new MarketData('BTC_USDT');
    const { stream, send, resyncs } = fakeStream();
    const stop = data.watchMarket(stream);
    await send('orders', SNAPSHOT);
    const changes = data.bids.map(() => 0);
    const watchers = data.bids.map((row, index) =>
      effect(() => {
        row.value;
        changes[index] = (changes[index] ?? 0) + 1;
      }),
    );
    // The second bid level grows: rows 2 and 3 change (row 3's running total too), row 1 does not.
    await send('orders', book(8, [['97000.01', '0.3']], []));
    expect(changes.slice(0, 4)).to.deep.equal([1, 2, 2, 1]);
    await send('orders', book(10, [['96990', '0']], []));
    expect(resyncs).to.deep.equal(['orders']);
    expect(data.bids.every((row) => row.value === null)).to.equal(true);
    for (const stopWatching of watchers) stopWatching();
    stop();
  });
});

describe('market data merging', () => {
  const trade = (id: number) => ({
    id,
    price: '1',
    amount: '1',
    takerSide: 'buy' as const,
    time: '2026-11-23T12:00:00Z',
  });

  it('merges trades by id, newest first, and a snapshot replaces them', () => {
    const first = mergeTrades([], [trade(3), trade(2)], true);
    const next = mergeTrades(first, [trade(4), trade(3)], false);
    expect(next.map((t) => t.id)).to.deep.equal([4, 3, 2]);
    expect(mergeTrades(next, [trade(9)], true).map((t) => t.id)).to.deep.equal([9]);
    expect(mergeTrades(next, [trade(5)], false, 2).map((t) => t.id)).to.deep.equal([5, 4]);
  });

  it('keeps open orders open and lets ended ones go', () => {
    const order = (id: number, status: 'new' | 'partiallyFilled' | 'filled' | 'cancelled') =>
      ({ id, status }) as Parameters<typeof mergeOpenOrders>[0][number];
    const open = mergeOpenOrders([], [order(2, 'new'), order(1, 'new')]);
    expect(open.map((o) => o.id)).to.deep.equal([1, 2]);
    const after = mergeOpenOrders(open, [
      order(1, 'filled'),
      order(2, 'partiallyFilled'),
      order(3, 'cancelled'),
    ]);
    expect(after.map((o) => [o.id, o.status])).to.deep.equal([[2, 'partiallyFilled']]);
  });
});
