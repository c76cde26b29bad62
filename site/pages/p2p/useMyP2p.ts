/** The account's own P2P trades and offers, read again while something is under way. */
import { useCallback, useState } from 'react';
import { call, type P2pOffer, type P2pTrade } from '../../../core/index.ts';
import { useRepeatedRead } from '../account/useRepeatedRead.ts';

const UNDER_WAY = new Set<P2pTrade['status']>(['opened', 'paid', 'disputed']);

/** The trades and offers (null while they load), the last refusal, and `readAgain`. */
export function useMyP2p() {
  const [trades, setTrades] = useState<P2pTrade[] | null>(null);
  const [offers, setOffers] = useState<P2pOffer[] | null>(null);
  const [error, setError] = useState('');

  const read = useCallback(async () => {
    const [mine, listed] = await Promise.all([
      call('p2p.getMyTrades', {}),
      call('p2p.getMyOffers', {}),
    ]);
    if (mine.status) setTrades(mine.trades);
    if (listed.status) setOffers(listed.offers);
    setError(mine.status ? (listed.status ? '' : listed.error_msg) : mine.error_msg);
    // Quickly while a trade is under way, or while an active offer may bring one any moment.
    return (
      (mine.status && mine.trades.some((trade) => UNDER_WAY.has(trade.status))) ||
      (listed.status && listed.offers.some((offer) => offer.status === 'active'))
    );
  }, []);
  // The account's stream tells of every move at once; reading every 15 s while something is
  // under way only covers a stream that is down.
  const readAgain = useRepeatedRead(read, 15_000, 60_000);
  return { trades, offers, error, setError, readAgain };
}
