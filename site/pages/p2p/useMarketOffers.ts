/** The offers that match a filter on the P2P market, read again whenever it changes. */
import { useEffect, useState } from 'react';
import { call, type P2pOffer } from '../../../core/index.ts';
import type { OfferFilter } from './offerFilter.ts';

/** The matching offers (null while they load) and the server's refusal, if any. */
export function useMarketOffers({ want, asset, fiat, method, amount }: OfferFilter) {
  const [offers, setOffers] = useState<P2pOffer[] | null>(null);
  const [error, setError] = useState('');
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
  return { offers, error };
}
