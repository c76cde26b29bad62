/** Publishing: what each committed batch changed, handed to the market's listeners (streams). */
import type { PairSymbol } from '../../core/markets/pairs.ts';
import type { AccountSeq } from './accountSeqs.ts';
import type { BookChanges } from './BookWindows.ts';
import type { OrderRow } from './orderRows.ts';
import type { TradesTable } from './TradingTables.ts';

/** A batch's place in the owner's journal: the owner's epoch and the batch's number in it. */
export interface BatchPosition {
  epoch: number;
  batch: number;
}

/**
 * Another unit's part of a committed batch (lending.ts): its pairs, its batch's position and
 * seq in that unit, and the seqs its accounts took for it.
 */
export interface ForeignPart {
  unit: string;
  pairs: PairSymbol[];
  position: BatchPosition;
  seq: number;
  accounts: AccountSeq[];
}

/** A batch as the market that ran it publishes it once committed. */
export interface MarketBatch {
  /** The unit's seq of the batch (ownership.ts): only grows, across owners too. */
  seq: number;
  /**
   * The seq each account it changed took for it (accountSeqs.ts), which its account stream
   * carries; absent in news from an owner of the version before.
   */
  accounts?: readonly AccountSeq[];
  /** Where the batch stands in the owner's journal; null for a server alone (PGlite). */
  position: BatchPosition | null;
  /** Every order the batch placed or changed, as stored. */
  orders: readonly OrderRow[];
  /** Its trades, by id. */
  trades: readonly TradesTable[];
  /** Accounts a fee split paid (referrers), whose balances moved without an order of theirs. */
  credited: readonly number[];
  /** Other units' parts of it: a group over two units (lending.ts). */
  foreign?: readonly ForeignPart[];
  /** Whether the market read its books again in it (another server had counted a batch). */
  reread?: boolean;
}

/** What a committed batch changed, as every server's market streams publish it. */
export interface Committed extends MarketBatch {
  /** The book windows it changed, numbered alike on every server. */
  books: ReadonlyMap<PairSymbol, BookChanges>;
}

/** The listeners of committed batches. */
export class Publisher<Batch = Committed> {
  private readonly listeners = new Set<(committed: Batch) => void>();

  /** Calls `listener` with each committed batch; returns the function that stops the calls. */
  listen(listener: (committed: Batch) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hands a committed batch to every listener. */
  publish(committed: Batch): void {
    for (const listener of this.listeners) {
      try {
        listener(committed);
      } catch (error) {
        // A stream's failure must never reach the traders whose orders are already committed.
        console.error('A market listener failed:', error);
      }
    }
  }
}
