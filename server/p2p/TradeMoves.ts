/**
 * Where a P2P trade's move (opened, paid, cancelled, released, disputed, decided, expired) is
 * announced with its two sides, so both sides' open private streams tell their pages at once:
 * the seller sees "paid" the moment the buyer says so.
 */
import type { P2pTradeStatus } from '../../core/protocol/index.ts';
import { Announcer } from '../live/Announcer.ts';

/** One move of one trade. */
export interface TradeMove {
  tradeId: number;
  status: P2pTradeStatus;
  /** The trade's buyer and seller. */
  userIds: readonly number[];
}

/** The announcements of trade moves, and who listens to them. */
export class TradeMoves extends Announcer<TradeMove> {}
