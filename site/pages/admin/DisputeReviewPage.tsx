/**
 * `/account/admin/p2p`, the Dashboard's P2P disputes: each disputed trade with its sides, amounts
 * and the reason given, oldest first, and its chat, which staff read and write in; a staff
 * member who is not a side of it releases the crypto to the buyer or returns it to the seller,
 * with a reason both sides read. Read again every few seconds, so two staff members see each
 * other's decisions. Below them, the reference rates margin offers are priced from.
 */
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { call, formatAmount, type P2pTrade } from '../../../core/index.ts';
import { useRepeatedRead } from '../account/useRepeatedRead.ts';
import { TradeChatToggle } from '../p2p/TradeChat.tsx';
import { TradeHistory } from '../p2p/TradeHistory.tsx';
import { FiatRatesSection } from './FiatRatesSection.tsx';
import { ReviewQueuePage } from './ReviewQueuePage.tsx';
import { StaffOnly } from './StaffOnly.tsx';

/** How often the list is read again. */
const POLL_MS = 10_000;

const styles = `
.admin-dispute { border: 1px solid var(--muted); border-radius: 8px; padding: 1rem; margin-bottom: 1rem; max-width: 44rem; }
.admin-dispute blockquote { margin: 0 0 1rem; white-space: pre-line; }
`;

export default function DisputeReviewPage() {
  return (
    <StaffOnly>
      <DisputeReview />
    </StaffOnly>
  );
}

function DisputeReview() {
  const titleId = useId();
  const [trades, setTrades] = useState<P2pTrade[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const read = useCallback(async () => {
    const reply = await call('p2p.getDisputes', {});
    if (reply.status) {
      setTrades(reply.trades);
      setError(null);
    } else setError(reply.error_msg);
    return reply.status;
  }, []);
  useRepeatedRead(read, POLL_MS, POLL_MS);

  const decided = async (message: string) => {
    setAnnouncement(message);
    await read();
    // The decided trade, and the form that decided it, are gone.
    heading.current?.focus();
  };

  return (
    <ReviewQueuePage
      titleId={titleId}
      title="P2P disputes"
      heading={heading}
      styles={styles}
      announcement={announcement}
      error={error === null ? null : `Could not load the disputes: ${error}`}
      onRetry={() => void read()}
      things="disputes"
      items={trades}
      after={<FiatRatesSection />}
    >
      {(waiting) =>
        waiting.map((trade) => (
          <Dispute key={trade.id} trade={trade} onDecided={(m) => void decided(m)} />
        ))
      }
    </ReviewQueuePage>
  );
}

function Dispute({ trade, onDecided }: { trade: P2pTrade; onDecided: (message: string) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function decide(event: FormEvent, to: 'buyer' | 'seller') {
    event.preventDefault();
    setPending(true);
    setError('');
    const reply = await call('p2p.resolveDispute', { id: trade.id, to, reason });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    onDecided(
      `Trade ${trade.id} ${to === 'buyer' ? 'released to the buyer' : 'returned to the seller'}.`,
    );
  }

  return (
    <article className="admin-dispute" aria-labelledby={`${id}-title`} data-testid="p2p-dispute">
      <h2 id={`${id}-title`}>
        Trade {trade.id}: {formatAmount(trade.amount)} {trade.asset} for{' '}
        {formatAmount(trade.fiatAmount)} {trade.fiat}
      </h2>
      <p>
        Buyer {trade.buyer.login}, seller {trade.seller.login}.
      </p>
      <TradeHistory trade={trade} />
      <blockquote>{trade.disputeReason}</blockquote>
      <TradeChatToggle
        tradeId={trade.id}
        title={`Trade ${trade.id}: chat`}
        openLabel="Read the trade’s chat"
      />
      <form onSubmit={(event) => void decide(event, 'buyer')} noValidate>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason for the decision (both sides read it)</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="button" disabled={pending}>
            Release to the buyer
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={pending}
            onClick={(event) => void decide(event, 'seller')}
          >
            Return to the seller
          </button>
        </div>
      </form>
    </article>
  );
}
