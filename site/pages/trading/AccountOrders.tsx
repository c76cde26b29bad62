/**
 * The account's side of the pair: its tables (loaded when someone signs in) and a polite live
 * region that announces each fill once, in words; price ticks are never announced.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { user } from '../../../core/index.ts';
import type { MarketData } from './marketData.ts';

const AccountTables = lazy(() => import('./AccountTables.tsx'));

function Loading() {
  return (
    <div role="status">
      <span className="visually-hidden">Loading your orders</span>
      <div className="skeleton" aria-hidden="true" />
      <div className="skeleton short" aria-hidden="true" />
    </div>
  );
}

/** See the file comment. */
export function AccountOrders({ data }: { data: MarketData }) {
  useSignals();
  const { isAuth } = useSnapshot(user);
  return (
    <section className="trading-panel trading-account" aria-labelledby="account-title">
      <h2 id="account-title" className="visually-hidden">
        Your orders and trades
      </h2>
      <p className="visually-hidden" aria-live="polite" data-testid="fill-announcement">
        {data.announcement.value}
      </p>
      {isAuth ? (
        <Suspense fallback={<Loading />}>
          <AccountTables data={data} />
        </Suspense>
      ) : (
        <p className="muted">
          <Link href="/signin">Log in</Link> to see your open orders, order history and trades.
        </p>
      )}
    </section>
  );
}
