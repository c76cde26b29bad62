import { render, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'chai';
import { initialTrading, type PublicTrade, setStreamLoaded, trading } from '../../../core/index.ts';
import { MarketData, TRADES_KEPT } from './marketData.ts';
import { FIRST_TRADE_ROWS, RecentTrades } from './RecentTrades.tsx';

function trade(id: number): PublicTrade {
  return {
    id,
    price: `${97000 + id}`,
    amount: '0.01',
    takerSide: id % 2 === 0 ? 'buy' : 'sell',
    time: '2026-11-23T10:00:00Z',
  };
}

const shownIds = () =>
  within(screen.getByTestId('recent-trades'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => Number(row.getAttribute('data-trade-id')));

describe('recent trades', () => {
  afterEach(() => Object.assign(trading, initialTrading));

  it('draws the newest rows first and every kept trade once the page is idle', async () => {
    const data = new MarketData('BTC_USDT');
    const ids = Array.from({ length: TRADES_KEPT }, (_, index) => TRADES_KEPT - index);
    data.trades.value = ids.map(trade);
    setStreamLoaded('trades', true);
    render(<RecentTrades data={data} />);
    expect(shownIds()).to.deep.equal(ids.slice(0, FIRST_TRADE_ROWS));
    await waitFor(() => expect(shownIds()).to.deep.equal(ids));
  });

  it('draws a short list whole at once', () => {
    const data = new MarketData('BTC_USDT');
    data.trades.value = [3, 2, 1].map(trade);
    setStreamLoaded('trades', true);
    render(<RecentTrades data={data} />);
    expect(shownIds()).to.deep.equal([3, 2, 1]);
  });
});
