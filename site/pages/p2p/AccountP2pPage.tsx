/**
 * `/account/p2p`: the account's P2P trades (with the moves open to its side and each trade's
 * chat, read again the moment the account's stream says one moved), its offers (paused, resumed
 * or closed here), where it is paid when it sells, and the form that publishes a new offer.
 */
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { call, formatAmount, type P2pOffer } from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import { AccountTrades } from './AccountTrades.tsx';
import { OfferTable } from './OfferTable.tsx';
import { OwnOfferActions } from './OwnOfferActions.tsx';
import { PaymentDetailsSection } from './PaymentDetailsSection.tsx';
import { PublishOfferForm } from './PublishOfferForm.tsx';
import { useMyP2p } from './useMyP2p.ts';
import { useP2pCatalogue } from './useP2pCatalogue.ts';
import { useTradeMoves } from './useTradeMoves.ts';
import { useUnreadChats } from './useUnreadChats.ts';
import './p2p.css';

/** The account's P2P page: its trades, its offers, its payment details and a new offer. */
export default function AccountP2pPage() {
  const opened = new URLSearchParams(useSearch()).get('trade');
  const { catalogue, error: catalogueError } = useP2pCatalogue();
  const { trades, offers, error, setError, readAgain } = useMyP2p();
  const [notice, setNotice] = useState('');
  const { unread, markUnread, seen } = useUnreadChats();
  useTradeMoves(readAgain, markUnread);

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
      <AccountTrades
        trades={trades}
        catalogue={catalogue}
        opened={opened}
        unread={unread}
        onChanged={readAgain}
        onChatSeen={seen}
      />
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
            action={(offer) => (
              <OwnOfferActions
                offer={offer}
                onSetStatus={(mine, status) => void setStatus(mine, status)}
              />
            )}
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
