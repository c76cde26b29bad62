/**
 * `/buy-crypto` (public) and `/account/buy-crypto`: buy crypto by card. The quote works signed
 * out; the account page preselects the asset from the footer's `?coin=1..8` and lists the
 * purchases live. In live mode the public page does not exist, as its Fiat On-Ramp link does not
 * in live mode; the account's page, which the menus, the footer and the notice link to, stays.
 */
import { useId, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { config, user } from '../../../core/index.ts';
import { useWalletActivity } from '../account/useWalletActivity.ts';
import NotFoundPage from '../NotFoundPage.tsx';
import { BuyForm } from './BuyForm.tsx';
import { choiceFromQuery, returnedPurchase } from './buyChoice.ts';
import { PurchaseList } from './PurchaseList.tsx';
import './buy.css';

/** The buy page; `account` for the signed-in area's route. */
export default function BuyCryptoPage({ account = false }: { account?: boolean }) {
  const id = useId();
  const { live } = useSnapshot(config);
  const { isAuth } = useSnapshot(user);
  const search = useSearch();
  const initial = useMemo(() => choiceFromQuery(search), [search]);
  if (live.is_enabled && !account) return <NotFoundPage />;
  return (
    <section className="page account buy" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Buy crypto with a card</h1>
      <p className="account-summary">
        Pay by card and receive the asset in your account as soon as the payment is confirmed.
        {account || isAuth ? '' : ' See the price before you sign in.'}
      </p>
      <BuyForm key={search} initial={initial} signedIn={isAuth} />
      {isAuth && <Purchases returned={returnedPurchase(search)} />}
    </section>
  );
}

function Purchases({ returned }: { returned: number | null }) {
  const { items } = useWalletActivity('purchases');
  return <PurchaseList purchases={items} returned={returned} />;
}
