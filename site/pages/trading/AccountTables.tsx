/**
 * The signed-in account's tables for the pair, live from the `account` stream: open orders
 * (cancel one, or all of the pair's), order history and trade history. Loaded only once someone
 * is signed in, so a visitor's page does not carry it.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import {
  call,
  formatAmount,
  formatDateTime,
  formatPairAmount,
  formatPrice,
  formatUsdtValue,
  type OwnTrade,
  PAIRS,
  type SpotOrder,
} from '../../../core/index.ts';
import { TabList, tabPanelProps } from '../../components/trading/TabList.tsx';
import type { MarketData } from './marketData.ts';

type Tab = 'open' | 'history' | 'fills';

const TYPE_NAMES: Readonly<Record<SpotOrder['type'], string>> = {
  limit: 'Limit',
  market: 'Market',
  stopLimit: 'Stop-limit',
  stopMarket: 'Stop-market',
};

const STATUS_NAMES: Readonly<Record<SpotOrder['status'], string>> = {
  new: 'Open',
  partiallyFilled: 'Partly filled',
  filled: 'Filled',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

function Loading({ what }: { what: string }) {
  return (
    <div role="status">
      <span className="visually-hidden">Loading {what}</span>
      <div className="skeleton" aria-hidden="true" />
      <div className="skeleton short" aria-hidden="true" />
    </div>
  );
}

function OrderRows({
  orders,
  onCancel,
}: {
  orders: readonly SpotOrder[];
  onCancel?(order: SpotOrder): void;
}) {
  return (
    <tbody>
      {orders.map((order) => (
        <tr key={order.id} data-order-id={order.id}>
          <td>{formatDateTime(order.createdAt)}</td>
          <td>{TYPE_NAMES[order.type]}</td>
          <td className={order.side === 'buy' ? 'trend-up' : 'trend-down'}>
            {order.side === 'buy' ? 'Buy' : 'Sell'}
          </td>
          <td>
            {order.price === null ? 'Market' : formatPrice(order.pair, order.price)}
            {order.stopPrice === null ? null : (
              <span className="muted"> (stop {formatPrice(order.pair, order.stopPrice)})</span>
            )}
          </td>
          <td>
            {order.amount === null
              ? `${formatAmount(order.total ?? '0')} ${PAIRS[order.pair].quote}`
              : formatPairAmount(order.pair, order.amount)}
          </td>
          <td>{formatPairAmount(order.pair, order.filled)}</td>
          {onCancel === undefined ? (
            <td>{STATUS_NAMES[order.status]}</td>
          ) : (
            <td>
              <button
                type="button"
                className="link-button"
                aria-label={`Cancel ${order.side} order ${order.id}`}
                onClick={() => onCancel(order)}
              >
                Cancel
              </button>
            </td>
          )}
        </tr>
      ))}
    </tbody>
  );
}

function OrderTable({
  orders,
  caption,
  onCancel,
}: {
  orders: readonly SpotOrder[];
  caption: string;
  onCancel?(order: SpotOrder): void;
}) {
  return (
    <div className="table-scroll">
      <table className="trading-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Side</th>
            <th scope="col">Price</th>
            <th scope="col">Amount</th>
            <th scope="col">Filled</th>
            <th scope="col">{onCancel === undefined ? 'Status' : 'Action'}</th>
          </tr>
        </thead>
        <OrderRows orders={orders} {...(onCancel === undefined ? {} : { onCancel })} />
      </table>
    </div>
  );
}

function FillTable({ fills }: { fills: readonly OwnTrade[] }) {
  return (
    <div className="table-scroll">
      <table className="trading-table" data-testid="my-fills">
        <caption className="visually-hidden">Your trades</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Side</th>
            <th scope="col">Role</th>
            <th scope="col">Price</th>
            <th scope="col">Amount</th>
            <th scope="col">Total</th>
            <th scope="col">Fee</th>
          </tr>
        </thead>
        <tbody>
          {fills.map((fill) => (
            <tr key={fill.id} data-fill-id={fill.id}>
              <td>{formatDateTime(fill.time)}</td>
              <td className={fill.side === 'buy' ? 'trend-up' : 'trend-down'}>
                {fill.side === 'buy' ? 'Buy' : 'Sell'}
              </td>
              <td>{fill.role === 'maker' ? 'Maker' : 'Taker'}</td>
              <td>{formatPrice(fill.pair, fill.price)}</td>
              <td>{formatPairAmount(fill.pair, fill.amount)}</td>
              <td>{formatUsdtValue(fill.total)}</td>
              <td>
                {formatAmount(fill.fee)} {fill.feeTicker}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** See the file comment. */
export default function AccountTables({ data }: { data: MarketData }) {
  useSignals();
  const [tab, setTab] = useState<Tab>('open');
  const [error, setError] = useState<string | null>(null);
  const { pair } = data;
  const open = data.openOrders.value?.filter((order) => order.pair === pair) ?? null;
  const history = data.orderHistory.value;
  const fills = data.fills.value;

  const cancel = async (order: SpotOrder) => {
    setError(null);
    const reply = await call('orders.cancel', { id: order.id }).catch(() => null);
    if (reply === null) setError('The cancel could not be sent. Try again.');
    else if (!reply.status) setError(reply.error_msg);
  };
  const cancelAll = async () => {
    setError(null);
    const reply = await call('orders.cancelAll', { pair }).catch(() => null);
    if (reply === null) setError('The cancel could not be sent. Try again.');
    else if (!reply.status) setError(reply.error_msg);
  };

  const tabs = [
    { key: 'open', label: `Open orders${open === null ? '' : ` (${open.length})`}` },
    { key: 'history', label: 'Order history' },
    { key: 'fills', label: 'Trade history' },
  ] as const;

  return (
    <>
      <div className="account-head">
        <TabList<Tab>
          label="Your orders"
          prefix="account"
          tabs={tabs}
          selected={tab}
          onSelect={setTab}
        />
        {tab === 'open' && open !== null && open.length > 0 ? (
          <button type="button" className="button secondary" onClick={cancelAll}>
            Cancel all
          </button>
        ) : null}
      </div>
      {error === null && data.accountError.value === '' ? null : (
        <p role="alert" className="field-error">
          {error ?? data.accountError.value}
        </p>
      )}
      <div {...tabPanelProps('account', 'open', tab)} data-testid="open-orders">
        {open === null ? (
          <Loading what="open orders" />
        ) : open.length === 0 ? (
          <p className="muted">No open orders on {pair.replace('_', '/')}.</p>
        ) : (
          <OrderTable orders={open} caption="Open orders" onCancel={cancel} />
        )}
      </div>
      <div {...tabPanelProps('account', 'history', tab)} data-testid="order-history">
        {history === null ? (
          <Loading what="order history" />
        ) : history.length === 0 ? (
          <p className="muted">No orders yet.</p>
        ) : (
          <OrderTable orders={history} caption="Order history" />
        )}
      </div>
      <div {...tabPanelProps('account', 'fills', tab)} data-testid="trade-history">
        {fills === null ? (
          <Loading what="your trades" />
        ) : fills.length === 0 ? (
          <p className="muted">No trades yet.</p>
        ) : (
          <FillTable fills={fills} />
        )}
      </div>
    </>
  );
}
