/**
 * One trade as its side sees it: what moves for how much, where it stands, the time left to pay,
 * the moves open to this side now (mark paid, cancel, release with the two-factor code, dispute
 * with a reason), and the chat with the other side, opened on demand.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { call, formatAmount, type P2pCatalogue, type P2pTrade, user } from '../../../core/index.ts';
import { TradeChatToggle } from './TradeChat.tsx';
import { TradeHistory } from './TradeHistory.tsx';
import { methodNames } from './useP2pCatalogue.ts';

const STATUS_TEXT: Record<P2pTrade['status'], string> = {
  opened: 'Waiting for the payment',
  paid: 'Paid: waiting for the seller to release',
  disputed: 'In dispute: staff will decide',
  released: 'Released to the buyer',
  cancelled: 'Cancelled by the buyer',
  expired: 'Expired unpaid',
  returned: 'Returned to the seller by staff',
};

/** Minutes and seconds left until `until`, ticking each second. */
function useTimeLeft(until: string, running: boolean): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  const left = Math.max(0, Date.parse(until) - now);
  const minutes = Math.floor(left / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export function TradeCard({
  trade,
  catalogue,
  onChanged,
  chatOpen = false,
  hasNewMessage = false,
  onChatSeen = () => {},
}: {
  trade: P2pTrade;
  /** Whether the chat shows from the start (a trade just opened). */
  chatOpen?: boolean;
  /** Someone else wrote in the chat since it was last shown. */
  hasNewMessage?: boolean;
  /** The chat is shown: its news has been seen. */
  onChatSeen?: () => void;
  /** Names the payment methods; their ids stand in until it has loaded. */
  catalogue: P2pCatalogue | null;
  onChanged: () => void;
}) {
  const id = useId();
  const { is2FA } = useSnapshot(user);
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const isBuyer = trade.yourSide === 'buyer';
  const other = isBuyer ? trade.seller.login : trade.buyer.login;
  const timeLeft = useTimeLeft(trade.payBy, trade.status === 'opened');

  async function act(run: () => ReturnType<typeof call<'p2p.markPaid'>>) {
    setPending(true);
    setError('');
    const reply = await run();
    setPending(false);
    if (!reply.status) setError(reply.error_msg);
    else onChanged();
  }

  function release(event: FormEvent) {
    event.preventDefault();
    void act(() =>
      call('p2p.releaseTrade', { id: trade.id, ...(is2FA ? { code: code.trim() } : {}) }),
    );
  }

  function dispute(event: FormEvent) {
    event.preventDefault();
    void act(() => call('p2p.disputeTrade', { id: trade.id, reason }));
  }

  return (
    <article className="p2p-trade" aria-labelledby={`${id}-title`} data-testid="p2p-trade">
      <h3 id={`${id}-title`}>
        {isBuyer ? 'Buy' : 'Sell'} {formatAmount(trade.amount)} {trade.asset}{' '}
        {isBuyer ? 'from' : 'to'} {other} for {formatAmount(trade.fiatAmount)} {trade.fiat}
      </h3>
      <p data-testid="p2p-trade-status">{STATUS_TEXT[trade.status]}</p>
      <TradeHistory trade={trade} />
      {trade.status === 'opened' && (
        <p>
          {isBuyer
            ? `Pay ${formatAmount(trade.fiatAmount)} ${trade.fiat} to ${other}, then mark the trade paid. Time left: `
            : 'The buyer has this long to pay: '}
          <strong>{timeLeft}</strong>
        </p>
      )}
      {trade.paymentDetails && trade.paymentDetails.length > 0 && (
        <div className="p2p-pay">
          <h4>{isBuyer ? 'Where to pay' : 'Where you are paid'}</h4>
          <dl className="p2p-details">
            {trade.paymentDetails.map((entry) => (
              <div key={entry.method}>
                <dt>{methodNames(catalogue, [entry.method])}</dt>
                <dd>{entry.details}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {trade.status === 'released' && isBuyer && (
        <p>
          You received {formatAmount(trade.amount)} {trade.asset} less the {formatAmount(trade.fee)}{' '}
          {trade.asset} fee.
        </p>
      )}
      {trade.resolution && <p>Staff’s decision: {trade.resolution}</p>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {isBuyer && trade.status === 'opened' && (
        <div className="button-row">
          <button
            type="button"
            className="button"
            disabled={pending}
            onClick={() => void act(() => call('p2p.markPaid', { id: trade.id }))}
          >
            I have paid
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={pending}
            onClick={() => void act(() => call('p2p.cancelTrade', { id: trade.id }))}
          >
            Cancel the trade
          </button>
        </div>
      )}
      {!isBuyer && (trade.status === 'paid' || trade.status === 'disputed') && (
        <form onSubmit={release} noValidate>
          <p>Release only once the money is in your account: a release cannot be undone.</p>
          {is2FA && (
            <div className="field">
              <label htmlFor={`${id}-code`}>Two-factor code</label>
              <input
                id={`${id}-code`}
                autoComplete="one-time-code"
                inputMode="numeric"
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </div>
          )}
          <button type="submit" className="button" disabled={pending}>
            Release {formatAmount(trade.amount)} {trade.asset}
          </button>
        </form>
      )}
      {trade.status === 'paid' && (
        <form onSubmit={dispute} noValidate>
          <div className="field">
            <label htmlFor={`${id}-reason`}>Something wrong? Tell staff what happened</label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <button type="submit" className="button secondary" disabled={pending}>
            Open a dispute
          </button>
        </form>
      )}
      <TradeChatToggle
        tradeId={trade.id}
        title={`Trade ${trade.id}: chat with ${other}`}
        openLabel={`Chat with ${other}${hasNewMessage ? ' (new message)' : ''}`}
        initiallyOpen={chatOpen}
        hasNews={hasNewMessage}
        onSeen={onChatSeen}
      />
    </article>
  );
}
