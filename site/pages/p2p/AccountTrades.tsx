/** The account's P2P trades, each as a card with its moves and chat. */
import type { P2pCatalogue, P2pTrade } from '../../../core/index.ts';
import { Loader } from '../../components/Loader.tsx';
import { TradeCard } from './TradeCard.tsx';

/** The trades section; the trade `opened` just now shows its chat from the start. */
export function AccountTrades({
  trades,
  catalogue,
  opened,
  unread,
  onChanged,
  onChatSeen,
}: {
  trades: P2pTrade[] | null;
  catalogue: P2pCatalogue | null;
  opened: string | null;
  unread: ReadonlySet<number>;
  onChanged: () => void;
  onChatSeen: (tradeId: number) => void;
}) {
  return (
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
            onChanged={onChanged}
            chatOpen={String(trade.id) === opened}
            hasNewMessage={unread.has(trade.id)}
            onChatSeen={() => onChatSeen(trade.id)}
          />
        ))
      )}
    </section>
  );
}
