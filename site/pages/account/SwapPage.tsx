/** `/account/swap`: the swap form, and the account's past swaps. */
import { useEffect, useId, useState } from 'react';
import { call, formatAmount, formatLocalDateTime, type Swap } from '../../../core/index.ts';
import { SwapForm } from './SwapForm.tsx';
import { useAccountWallets } from './useAccountWallets.ts';

/** The swap page. */
export default function SwapPage() {
  const id = useId();
  return (
    <section className="page account" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Swap</h1>
      <p className="account-summary">
        Exchange any two currencies at a firm price from the live order books.
      </p>
      <SwapForm />
      <SwapHistory />
    </section>
  );
}

/** The account's latest swaps, refreshed when its balances change. */
export function SwapHistory() {
  const { load } = useAccountWallets();
  const [swaps, setSwaps] = useState<Swap[] | null>(null);
  const balances = load.state === 'ready' ? load.value.map((w) => w.amount).join() : '';
  useEffect(() => {
    if (balances === '') return;
    void call('swap.getMine', { limit: 20 }).then((reply) => {
      if (reply.status) setSwaps(reply.swaps);
    });
  }, [balances]);
  return (
    <section className="swap-history" aria-label="Recent swaps">
      <h2>Recent swaps</h2>
      {swaps === null ? null : swaps.length === 0 ? (
        <p className="account-summary">No swaps yet.</p>
      ) : (
        <ul>
          {swaps.map((swap) => (
            <li key={swap.id} data-testid="recent-swap">
              Swap{' '}
              <span className="number">
                {formatAmount(swap.amount)} {swap.from} → {formatAmount(swap.received)} {swap.to}
              </span>{' '}
              <time dateTime={swap.createdAt}>{formatLocalDateTime(swap.createdAt)}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
