/**
 * A share of the trading fees paid on to others (a referrer's commission). Trading declares it
 * and the application wires an implementation in, so trading depends on no domain taking a share.
 */
import type { Queryable } from '../storage/db.ts';
import type { Posting } from '../wallet/ledger.ts';
import type { TradesTable } from './TradingTables.ts';

/** Pays shares of a batch's fees out of the fees account, in the batch's own transaction. */
export interface FeeSplit {
  /** The postings that pay the shares of these trades' fees (none when nothing is due). */
  postings(trx: Queryable, trades: readonly TradesTable[]): Promise<Posting[]>;
}

/** The split that shares nothing: the exchange keeps every fee. */
export const keepAllFees: FeeSplit = { postings: async () => [] };
