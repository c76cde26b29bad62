/**
 * Calls `onMove` each time a P2P trade of the account moves (the other side paid, released,
 * disputed; staff decided; the window expired), from the account's private stream, and again
 * when the stream comes back after a drop, since a move may have happened meanwhile; and
 * `onMessage` with a trade's id when someone else writes in its chat.
 */
import { useEffect, useRef } from 'react';
import type { P2pTradeStatus } from '../../../core/index.ts';
import { marketStream } from '../../../core/marketConnection.ts';

/** A trade that moved, or null after a reconnect (any trade may have). */
export type TradeMoveNews = { tradeId: number; status: P2pTradeStatus } | null;

export function useTradeMoves(
  onMove: (move: TradeMoveNews) => void,
  onMessage: (tradeId: number) => void = () => {},
): void {
  const latest = useRef(onMove);
  latest.current = onMove;
  const latestMessage = useRef(onMessage);
  latestMessage.current = onMessage;
  useEffect(() => {
    const stream = marketStream();
    const stopListening = stream.subscribe({ stream: 'account' }, (message) => {
      if (message.type === 'p2pTrade') {
        latest.current({ tradeId: message.tradeId, status: message.status });
      } else if (message.type === 'p2pMessage') {
        latestMessage.current(message.tradeId);
      }
    });
    let wasDown = false;
    const stopWatching = stream.onStatus((status) => {
      if (status !== 'open') wasDown = true;
      else if (wasDown) {
        wasDown = false;
        latest.current(null);
      }
    });
    return () => {
      stopListening();
      stopWatching();
    };
  }, []);
}
