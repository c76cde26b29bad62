/** The pair's latest public trades from the `trades` stream, newest first. */
import { useSignals } from '@preact/signals-react/runtime';
import { useSnapshot } from 'valtio';
import { formatPairAmount, formatPrice, formatTime, PAIRS, trading } from '../../../core/index.ts';
import type { MarketData } from './marketData.ts';

/** See the file comment. */
export function RecentTrades({ data }: { data: MarketData }) {
  useSignals();
  const { isTradesLoaded } = useSnapshot(trading);
  const spec = PAIRS[data.pair];
  const trades = data.trades.value;
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
              {trades.map((trade) => (
                <tr key={trade.id} data-trade-id={trade.id}>
                  <td className={trade.takerSide === 'buy' ? 'trend-up' : 'trend-down'}>
                    {formatPrice(data.pair, trade.price)}
                    <span className="visually-hidden">
                      {trade.takerSide === 'buy' ? ' (buyer took)' : ' (seller took)'}
                    </span>
                  </td>
                  <td>{formatPairAmount(data.pair, trade.amount)}</td>
                  <td>{formatTime(trade.time)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
