/**
 * Calls `onMove` each time a P2P trade of the account moves (the other side paid, released,
 * disputed; staff decided; the window expired), from the account's private stream, and again
 * when the stream comes back after a drop, since a move may have happened meanwhile.
 */
import { useEffect, useRef } from 'react';
import type { P2pTradeStatus } from '../../../core/index.ts';
import { marketStream } from '../../../core/marketConnection.ts';

/** A trade that moved, or null after a reconnect (any trade may have). */
export type TradeMoveNews = { tradeId: number; status: P2pTradeStatus } | null;

export function useTradeMoves(onMove: (move: TradeMoveNews) => void): void {
  const latest = useRef(onMove);
  latest.current = onMove;
  useEffect(() => {
    const stream = marketStream();
    const stopListening = stream.subscribe({ stream: 'account' }, (message) => {
      if (message.type === 'p2pTrade') {
        latest.current({ tradeId: message.tradeId, status: message.status });
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
