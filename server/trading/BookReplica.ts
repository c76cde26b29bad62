/**
 * A follower's copy of the market, for reads only: the books (quotes, depth) and the open
 * orders, rebuilt from the database (recovery.ts) after the owner's batches commit. Rebuilding
 * whole is the simplest correct copy: it cannot drift, whatever notification was lost, at the
 * cost of reading every open order again; runs are coalesced, so a busy market costs at most one
 * rebuild at a time.
 */
import type { PairSymbol } from '../../core/markets/pairs.ts';
import type { Database } from '../storage/db.ts';
import type { OrderBook } from './engine/index.ts';
import { MarketState } from './MarketState.ts';
import { OneAtATime } from './OneAtATime.ts';
import type { OrderRow } from './orderRows.ts';
import { restoreMarket } from './recovery.ts';
import type { FeeRates } from './settlement.ts';

/** See the file comment. */
export class BookReplica {
  private readonly state: MarketState;
  private readonly rebuilding: OneAtATime;

  private constructor(db: Database, fees: FeeRates) {
    this.state = new MarketState(fees);
    this.rebuilding = new OneAtATime(
      () => restoreMarket(db, this.state),
      (error) => console.error('Market replica:', error),
    );
  }

  /** A replica as the database stands now. */
  static async open(db: Database, fees: FeeRates): Promise<BookReplica> {
    const replica = new BookReplica(db, fees);
    await replica.refresh();
    return replica;
  }

  /** Rebuilds the copy; resolves once it holds at least what was committed before the call. */
  refresh(): Promise<void> {
    return this.rebuilding.run();
  }

  /** A pair's book as of the last rebuild. */
  book(pair: PairSymbol): OrderBook {
    return this.state.book(pair);
  }

  /** The account's open orders as of the last rebuild, oldest first. */
  openOrders(userId: number, pair: PairSymbol | null): OrderRow[] {
    return this.state.openOf(userId, pair).map((row) => ({ ...row }));
  }
}
