/**
 * `/p2p`: the offers of peer-to-peer trading, public. A person picks what they want to do (buy or
 * sell), the currency, the fiat, a payment method and an amount; the best prices come first.
 * Signed in, an offer's button opens a trade on it; signed out, it leads to sign-in.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { type P2pOffer, user } from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import { OfferFilters } from './OfferFilters.tsx';
import { OfferTable } from './OfferTable.tsx';
import { OpenTradeForm } from './OpenTradeForm.tsx';
import { FIRST_OFFER_FILTER, type OfferFilter } from './offerFilter.ts';
import { useMarketOffers } from './useMarketOffers.ts';
import { useP2pCatalogue } from './useP2pCatalogue.ts';
import './p2p.css';

/** The P2P market: the filter, the matching offers, and the trade form for the one chosen. */
export default function P2pMarketPage() {
  const { isAuth } = useSnapshot(user);
  const { catalogue, error: catalogueError } = useP2pCatalogue();
  const [filter, setFilter] = useState<OfferFilter>(FIRST_OFFER_FILTER);
  const { offers, error } = useMarketOffers(filter);
  const [chosen, setChosen] = useState<P2pOffer | null>(null);
  const { want, asset, fiat } = filter;

  if (chosen) {
    return (
      <div className="page p2p">
        <OpenTradeForm offer={chosen} onClose={() => setChosen(null)} />
      </div>
    );
  }

  return (
    <div className="page p2p">
      <h1>P2P trading</h1>
      <p className="account-summary">
        Buy and sell crypto with other people for local money. The seller’s crypto waits in escrow
        until they confirm your payment; staff decide if something goes wrong.
      </p>
      <OfferFilters
        filter={filter}
        catalogue={catalogue}
        onChange={(change) => setFilter((now) => ({ ...now, ...change }))}
      />
      {(error || catalogueError) && (
        <p className="form-error" role="alert">
          {error || catalogueError}
        </p>
      )}
      {offers === null ? (
        <Loader label="Loading the offers" />
      ) : offers.length === 0 ? (
        <p className="account-summary" role="status">
          No offers match: try another fiat, payment method or amount.
        </p>
      ) : (
        <OfferTable
          label={`Offers to ${want} ${asset} for ${fiat}`}
          offers={offers}
          catalogue={catalogue}
          action={(offer) =>
            isAuth ? (
              <button type="button" className="button" onClick={() => setChosen(offer)}>
                {want === 'buy' ? 'Buy' : 'Sell'} {offer.asset}
              </button>
            ) : (
              <Link href="/signin" className="button secondary">
                Sign in to trade
              </Link>
            )
          }
        />
      )}
      {isAuth && (
        <p>
          <Link href="/account/p2p">Your offers and trades</Link>
        </p>
      )}
    </div>
  );
}
