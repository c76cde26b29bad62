/**
 * The pair's latest public trades from the `trades` stream, newest first. A trade's row is
 * memoised on the trade itself (merging keeps each known trade's object), so a new trade renders
 * its own row, not the fifty before it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { memo, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  formatPairAmount,
  formatPrice,
  formatTime,
  PAIRS,
  type PairSymbol,
  type PublicTrade,
  trading,
} from '../../../core/index.ts';
import { whenIdle } from '../../whenIdle.ts';
import type { MarketData } from './marketData.ts';

/**
 * Rows drawn when the trades first arrive, about what the scroll box shows; the rest follow when
 * the page is idle, so the first drawing of the list is a quarter of the work.
 */
export const FIRST_TRADE_ROWS = 14;

/** One trade: price (coloured by the taker's side), amount and time of day. */
const TradeRow = memo(function TradeRow({ pair, trade }: { pair: PairSymbol; trade: PublicTrade }) {
  return (
    <tr data-trade-id={trade.id}>
      <td className={trade.takerSide === 'buy' ? 'trend-up' : 'trend-down'}>
        {formatPrice(pair, trade.price)}
        <span className="visually-hidden">
          {trade.takerSide === 'buy' ? ' (buyer took)' : ' (seller took)'}
        </span>
      </td>
      <td>{formatPairAmount(pair, trade.amount)}</td>
      <td>{formatTime(trade.time)}</td>
    </tr>
  );
});

/** See the file comment. */
export function RecentTrades({ data }: { data: MarketData }) {
  useSignals();
  const { isTradesLoaded } = useSnapshot(trading);
  const spec = PAIRS[data.pair];
  const trades = data.trades.value;
  const [allRows, showAllRows] = useState(false);
  const more = trades.length > FIRST_TRADE_ROWS;
  useEffect(
    () => (more && !allRows ? whenIdle(() => showAllRows(true)) : undefined),
    [more, allRows],
  );
  const shown = allRows ? trades : trades.slice(0, FIRST_TRADE_ROWS);
  return (
    <section className="trading-panel trading-trades" aria-labelledby="trades-title">
      <h2 id="trades-title">Recent trades</h2>
      {!isTradesLoaded ? (
        <div role="status" aria-live="polite">
          <span className="visually-hidden">Loading recent trades</span>
          {Array.from({ length: 6 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <div key={index} className="skeleton" aria-hidden="true" />
          ))}
        </div>
      ) : trades.length === 0 ? (
        <p className="muted">No trades yet.</p>
      ) : (
        <div className="trades-scroll">
          <table className="trading-table" data-testid="recent-trades">
            <thead>
              <tr>
                <th scope="col">Price ({spec.quote})</th>
                <th scope="col">Amount ({spec.base})</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((trade) => (
                <TradeRow key={trade.id} pair={data.pair} trade={trade} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
