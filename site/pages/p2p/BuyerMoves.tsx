/** The buyer's moves on an opened trade: say it is paid, or cancel it. */
import { call, type P2pTrade } from '../../../core/index.ts';
import type { TradeMoveCall } from './useTradeMove.ts';

/** The "I have paid" and "Cancel the trade" buttons. */
export function BuyerMoves({
  trade,
  pending,
  move,
}: {
  trade: P2pTrade;
  pending: boolean;
  move: (run: TradeMoveCall) => Promise<void>;
}) {
  return (
    <div className="button-row">
      <button
        type="button"
        className="button"
        disabled={pending}
        onClick={() => void move(() => call('p2p.markPaid', { id: trade.id }))}
      >
        I have paid
      </button>
      <button
        type="button"
        className="button secondary"
        disabled={pending}
        onClick={() => void move(() => call('p2p.cancelTrade', { id: trade.id }))}
      >
        Cancel the trade
      </button>
    </div>
  );
}
