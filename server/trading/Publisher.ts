/** Publishing: what each committed batch changed, handed to the market's listeners (streams). */
import type { OrderRow } from './orderRows.ts';
import type { TradesTable } from './TradingTables.ts';

/** What a committed batch changed: the market streams publish it. */
export interface Committed {
  /** Every order the batch placed or changed, as stored. */
  orders: readonly OrderRow[];
  trades: readonly TradesTable[];
  /** Accounts a fee split paid (referrers), whose balances moved without an order of theirs. */
  credited: readonly number[];
}

/** The listeners of committed batches. */
export class Publisher {
  private readonly listeners = new Set<(committed: Committed) => void>();

  /** Calls `listener` with each committed batch; returns the function that stops the calls. */
  listen(listener: (committed: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hands a committed batch to every listener, unless it changed no order. */
  publish(committed: Committed): void {
    if (committed.orders.length === 0) return;
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
