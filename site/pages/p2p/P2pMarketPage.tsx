/**
 * `/p2p`: the offers of peer-to-peer trading, public. A person picks what they want to do (buy or
 * sell), the currency, the fiat, a payment method and an amount; the best prices come first.
 * Signed in, an offer's button opens a trade on it; signed out, it leads to sign-in.
 */
import { useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { call, type P2pOffer, type Ticker, user } from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import { OfferTable } from './OfferTable.tsx';
import { OpenTradeForm } from './OpenTradeForm.tsx';
import { useP2pCatalogue } from './useP2pCatalogue.ts';
import './p2p.css';

type Want = 'buy' | 'sell';

export default function P2pMarketPage() {
  const id = useId();
  const { isAuth } = useSnapshot(user);
  const { catalogue, error: catalogueError } = useP2pCatalogue();
  const [want, setWant] = useState<Want>('buy');
  const [asset, setAsset] = useState<Ticker>('USDT');
  const [fiat, setFiat] = useState('USD');
  const [method, setMethod] = useState('');
  const [amount, setAmount] = useState('');
  const [offers, setOffers] = useState<P2pOffer[] | null>(null);
  const [error, setError] = useState('');
  const [chosen, setChosen] = useState<P2pOffer | null>(null);

  useEffect(() => {
    let current = true;
    setOffers(null);
    const fiatAmount = /^\d+(\.\d{1,2})?$/.test(amount.trim()) ? amount.trim() : undefined;
    void call('p2p.getOffers', {
      // Who wants to buy takes a sell offer, and the other way round.
      side: want === 'buy' ? 'sell' : 'buy',
      asset,
      fiat,
      ...(method ? { paymentMethod: method } : {}),
      ...(fiatAmount ? { fiatAmount } : {}),
    }).then((reply) => {
      if (!current) return;
      if (reply.status) {
        setOffers(reply.offers);
        setError('');
      } else setError(reply.error_msg);
    });
    return () => {
      current = false;
    };
  }, [want, asset, fiat, method, amount]);

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
      <form
        className="p2p-filters"
        aria-label="Filter the offers"
        onSubmit={(e) => e.preventDefault()}
      >
        <fieldset className="p2p-want">
          <legend className="visually-hidden">I want to</legend>
          {(['buy', 'sell'] as const).map((choice) => (
            <button
              key={choice}
              type="button"
              className={want === choice ? 'button' : 'button secondary'}
              aria-pressed={want === choice}
              onClick={() => setWant(choice)}
            >
              {choice === 'buy' ? 'Buy' : 'Sell'}
            </button>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-asset`}>Crypto</label>
          <select
            id={`${id}-asset`}
            value={asset}
            onChange={(event) => setAsset(event.target.value as Ticker)}
          >
            {(catalogue?.assets ?? [asset]).map((ticker) => (
              <option key={ticker}>{ticker}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-fiat`}>Fiat</label>
          <select id={`${id}-fiat`} value={fiat} onChange={(event) => setFiat(event.target.value)}>
            {(catalogue?.fiats ?? [fiat]).map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-method`}>Payment method</label>
          <select
            id={`${id}-method`}
            value={method}
            onChange={(event) => setMethod(event.target.value)}
          >
            <option value="">Any</option>
            {catalogue?.paymentMethods.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-amount`}>Amount ({fiat})</label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
      </form>
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
