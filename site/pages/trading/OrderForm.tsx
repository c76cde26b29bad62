/**
 * Where orders are placed: the order ticket for a signed-in account (its code loads then), or a
 * prompt to sign in or sign up in its place.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { PAIRS, user } from '../../../core/index.ts';
import type { MarketData } from './marketData.ts';
import type { Available } from './orderDraft.ts';

const OrderTicket = lazy(() => import('./OrderTicket.tsx'));

/** Where the form stands for a visitor: the ways to an account. */
export function SignInPrompt() {
  return (
    <div className="sign-in-prompt" data-testid="sign-in-prompt">
      <p>Sign in to trade. Your balances, orders and fills appear here once you do.</p>
      <div className="actions">
        <Link href="/signin" className="button">
          Log In
        </Link>
        <Link href="/signup" className="button secondary">
          Create account
        </Link>
      </div>
    </div>
  );
}

/** The form fed from the page's data, or the sign-in prompt. */
export function OrderForm({ data }: { data: MarketData }) {
  useSignals();
  const { isAuth } = useSnapshot(user);
  const spec = PAIRS[data.pair];
  const wallets = data.wallets.value;
  const available: Available = {
    base: wallets === null ? null : (wallets[spec.base]?.available ?? '0'),
    quote: wallets === null ? null : (wallets[spec.quote]?.available ?? '0'),
  };
  return (
    <section className="trading-panel trading-form" aria-labelledby="form-title">
      <h2 id="form-title">Place an order</h2>
      {isAuth ? (
        <Suspense
          fallback={
            <div role="status">
              <span className="visually-hidden">Loading the order form</span>
              <div className="skeleton" aria-hidden="true" />
            </div>
          }
        >
          <OrderTicket
            pair={data.pair}
            available={available}
            fees={data.fees.value}
            pickedPrice={data.picked.value}
          />
        </Suspense>
      ) : (
        <SignInPrompt />
      )}
    </section>
  );
}
