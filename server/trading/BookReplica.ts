/**
 * A follower's copy of the market, for reads only: the books (quotes, depth) and the open
 * orders. Read whole from the database (recovery.ts) at the start and whenever the follower
 * cannot be sure it heard every batch, then kept up batch by batch: each changed order is put in,
 * moved or taken out of its book where the owner's engine left it (OrderBook.mirror), and each
 * traded pair takes its last trade.
 */
import { PAIR_SYMBOLS, type PairSymbol } from '../../core/markets/pairs.ts';
import type { Database } from '../storage/db.ts';
import type { OrderBook } from './engine/index.ts';
import { MarketState } from './MarketState.ts';
import { type JournalPosition, journalPosition } from './marketCommits.ts';
import { type OrderRow, recordOf } from './orderRows.ts';
import type { MarketBatch } from './Publisher.ts';
import { type Journal, type MaxIds, restoreMarket } from './recovery.ts';
import type { FeeRates } from './settlement.ts';

/** See the file comment. */
export class BookReplica {
  private state: MarketState;
  /** The seq of the last batch the copy holds (ownership.ts). */
  private heldSeq = 0;

  constructor(
    private readonly db: Database,
    private readonly fees: FeeRates,
    private readonly market: string,
    /** The unit's pairs (units.ts): the copy holds their books only. */
    private readonly pairs: readonly PairSymbol[] = PAIR_SYMBOLS,
  ) {
    this.state = new MarketState(fees, pairs);
  }

  /**
   * Reads the whole market again; resolves with the owner's batch the rows read end with (one
   * snapshot of the database, so no batch is half in).
   */
  async rebuild(): Promise<JournalPosition> {
    const fresh = new MarketState(this.fees, this.pairs);
    const position = await this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const at = await journalPosition(trx, this.market);
        await restoreMarket(trx, fresh);
        return at;
      });
    // Swapped whole, so a read meanwhile sees the old copy rather than a half-built one.
    this.state = fresh;
    this.heldSeq = position.seq;
    return position;
  }

  /** The seq of the last batch the copy holds. */
  get seq(): number {
    return this.heldSeq;
  }

  /** Takes a committed batch's changes (the batch right after the last one taken). */
  apply(batch: MarketBatch): void {
    for (const row of batch.orders) this.take(row);
    this.heldSeq = Math.max(this.heldSeq, batch.seq);
    for (const pair of PAIR_SYMBOLS) {
      let last: MarketBatch['trades'][number] | undefined;
      for (const trade of batch.trades) if (trade.pair === pair) last = trade;
      if (last !== undefined) this.state.book(pair).mirrorTrade(last.price, last.seq);
    }
  }

  /** A pair's book. */
  book(pair: PairSymbol): OrderBook {
    return this.state.book(pair);
  }

  /**
   * What the copy holds, as the journal a market is built from (recovery.ts): the open orders
   * (copies: the market that takes them changes them) and each pair's last trade. Equal to what
   * the database holds when the copy holds its last batch.
   */
  journal(maxIds: MaxIds): Journal {
    const lastTrades = PAIR_SYMBOLS.flatMap((pair) => {
      const book = this.state.book(pair);
      const price = book.lastPriceTicks;
      return price === null || book.tradeSeq === 0 ? [] : [{ pair, price, seq: book.tradeSeq }];
    });
    return { open: [...this.state.open.values()].map((row) => ({ ...row })), lastTrades, maxIds };
  }

  /** The account's open orders, oldest first. */
  openOrders(userId: number, pair: PairSymbol | null): OrderRow[] {
    return this.state.openOf(userId, pair).map((row) => ({ ...row }));
  }

  private take(row: OrderRow): void {
    const open = row.status === 'new' || row.status === 'partiallyFilled';
    this.state.book(row.pair as PairSymbol).mirror(row.id, open ? recordOf(row) : null);
    if (open) this.state.open.set(row.id, row);
    else this.state.open.delete(row.id);
  }
}
