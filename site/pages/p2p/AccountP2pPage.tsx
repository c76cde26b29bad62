/**
 * `/account/p2p`: the account's P2P trades (with the moves open to its side and each trade's
 * chat, read again the moment the account's stream says one moved), its offers (paused, resumed
 * or closed here), where it is paid when it sells, and the form that publishes a new offer.
 */
import { useCallback, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { call, formatAmount, type P2pOffer, type P2pTrade } from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import { useRepeatedRead } from '../account/useRepeatedRead.ts';
import { OfferTable } from './OfferTable.tsx';
import { PaymentDetailsSection } from './PaymentDetailsSection.tsx';
import { PublishOfferForm } from './PublishOfferForm.tsx';
import { TradeCard } from './TradeCard.tsx';
import { useP2pCatalogue } from './useP2pCatalogue.ts';
import { useTradeMoves } from './useTradeMoves.ts';
import './p2p.css';

const UNDER_WAY = new Set<P2pTrade['status']>(['opened', 'paid', 'disputed']);

export default function AccountP2pPage() {
  const opened = new URLSearchParams(useSearch()).get('trade');
  const { catalogue, error: catalogueError } = useP2pCatalogue();
  const [trades, setTrades] = useState<P2pTrade[] | null>(null);
  const [offers, setOffers] = useState<P2pOffer[] | null>(null);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

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
  // Trades whose chat, closed here, has a message from someone else.
  const [unread, setUnread] = useState<ReadonlySet<number>>(new Set());
  useTradeMoves(readAgain, (tradeId) => setUnread((now) => new Set(now).add(tradeId)));
  const seen = useCallback(
    (tradeId: number) =>
      setUnread((now) => {
        const next = new Set(now);
        next.delete(tradeId);
        return next;
      }),
    [],
  );

  async function setStatus(offer: P2pOffer, status: P2pOffer['status']) {
    const reply = await call('p2p.setOfferStatus', { id: offer.id, status });
    setNotice(reply.status ? `Offer ${offer.id} is ${reply.offer.status}.` : '');
    setError(reply.status ? '' : reply.error_msg);
    readAgain();
  }

  return (
    <div className="page account p2p">
      <h1>Your P2P trading</h1>
      <p className="account-summary">
        <Link href="/p2p">Browse the offers</Link>
      </p>
      {opened && (
        <p role="status">Trade {opened} is open: its crypto is in escrow. Follow it below.</p>
      )}
      {(error || catalogueError) && (
        <p className="form-error" role="alert">
          {error || catalogueError}
        </p>
      )}
      <section aria-labelledby="p2p-trades">
        <h2 id="p2p-trades">Trades</h2>
        {trades === null ? (
          <Loader label="Loading your trades" />
        ) : trades.length === 0 ? (
          <p className="account-summary">No trades yet.</p>
        ) : (
          trades.map((trade) => (
            <TradeCard
              key={trade.id}
              trade={trade}
              catalogue={catalogue}
              onChanged={readAgain}
              chatOpen={String(trade.id) === opened}
              hasNewMessage={unread.has(trade.id)}
              onChatSeen={() => seen(trade.id)}
            />
          ))
        )}
      </section>
      <section aria-labelledby="p2p-offers">
        <h2 id="p2p-offers">Your offers</h2>
        <p role="status">{notice}</p>
        {offers === null ? (
          <Loader label="Loading your offers" />
        ) : offers.length === 0 ? (
          <p className="account-summary">No offers yet.</p>
        ) : (
          <OfferTable
            label="Your offers table"
            offers={offers}
            catalogue={catalogue}
            action={(offer) =>
              offer.status === 'closed' ? (
                'Closed'
              ) : (
                <span className="button-row">
                  <span>
                    {offer.side === 'sell' ? 'Selling' : 'Buying'}, {offer.status}
                  </span>
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() =>
                      void setStatus(offer, offer.status === 'active' ? 'paused' : 'active')
                    }
                  >
                    {offer.status === 'active' ? 'Pause' : 'Resume'}
                  </button>
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => void setStatus(offer, 'closed')}
                  >
                    Close
                  </button>
                </span>
              )
            }
          />
        )}
      </section>
      {catalogue && <PaymentDetailsSection catalogue={catalogue} />}
      {catalogue && (
        <PublishOfferForm
          catalogue={catalogue}
          onPublished={(offer) => {
            setNotice(
              `Offer ${offer.id} is published: ${offer.side === 'sell' ? 'selling' : 'buying'} ${formatAmount(offer.available)} ${offer.asset}.`,
            );
            readAgain();
          }}
        />
      )}
    </div>
  );
}
