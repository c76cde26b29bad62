/**
 * One trade as its side sees it: what moves for how much, where it stands, the time left to pay,
 * the moves open to this side now (mark paid, cancel, release with the two-factor code, dispute
 * with a reason), and the chat with the other side, opened on demand.
 */
import { useId } from 'react';
import { formatAmount, type P2pCatalogue, type P2pTrade } from '../../../core/index.ts';
import { BuyerMoves } from './BuyerMoves.tsx';
import { DisputeForm } from './DisputeForm.tsx';
import { ReleaseForm } from './ReleaseForm.tsx';
import { TradeChatToggle } from './TradeChat.tsx';
import { TradeHistory } from './TradeHistory.tsx';
import { TradePaymentDetails } from './TradePaymentDetails.tsx';
import { TRADE_STATUS_TEXT } from './tradeStatusText.ts';
import { useTimeLeft } from './useTimeLeft.ts';
import { useTradeMove } from './useTradeMove.ts';

/** One trade of the account, with the moves open to its side and the chat. */
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
  const { error, pending, move } = useTradeMove(onChanged);
  const isBuyer = trade.yourSide === 'buyer';
  const other = isBuyer ? trade.seller.login : trade.buyer.login;
  const timeLeft = useTimeLeft(trade.payBy, trade.status === 'opened');
  const moves = { id, trade, pending, move };

  return (
    <article className="p2p-trade" aria-labelledby={`${id}-title`} data-testid="p2p-trade">
      <h3 id={`${id}-title`}>
        {isBuyer ? 'Buy' : 'Sell'} {formatAmount(trade.amount)} {trade.asset}{' '}
        {isBuyer ? 'from' : 'to'} {other} for {formatAmount(trade.fiatAmount)} {trade.fiat}
      </h3>
      <p data-testid="p2p-trade-status">{TRADE_STATUS_TEXT[trade.status]}</p>
      <TradeHistory trade={trade} />
      {trade.status === 'opened' && (
        <p>
          {isBuyer
            ? `Pay ${formatAmount(trade.fiatAmount)} ${trade.fiat} to ${other}, then mark the trade paid. Time left: `
            : 'The buyer has this long to pay: '}
          <strong>{timeLeft}</strong>
        </p>
      )}
      <TradePaymentDetails trade={trade} catalogue={catalogue} isBuyer={isBuyer} />
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
        <BuyerMoves trade={trade} pending={pending} move={move} />
      )}
      {!isBuyer && (trade.status === 'paid' || trade.status === 'disputed') && (
        <ReleaseForm {...moves} />
      )}
      {trade.status === 'paid' && <DisputeForm {...moves} />}
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
