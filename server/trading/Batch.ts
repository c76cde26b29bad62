/** What a batch's commands share while they run: its balances, client ids, writes and clock. */
import type { Queryable } from '../storage/db.ts';
import type { Posting } from '../wallet/ledger.ts';
import type { OrderRow } from './orderRows.ts';
import type { Balances } from './risk.ts';
import type { BatchWrites } from './writeBatch.ts';

/** One batch of commands on its way to one transaction. */
export class Batch {
  /** What the batch will write, in its transaction, once every command has run. */
  readonly writes: BatchWrites;
  /** The batch's one clock reading: every order and trade of it carries this time... */
  private readonly clock = new Date();
  /** ...except a backdated command's (the demo market's past), which carries its own (`stamp`). */
  now = this.clock;
  /** Whether the command running carries a time of its own (its trades are marked so). */
  backdated = false;
  /** Orders that ended in this batch, dropped from memory once it commits. */
  readonly ended: number[] = [];
  /** Writes of the batch's groups, run in its transaction after the orders are written. */
  readonly records: ((trx: Queryable) => Promise<void>)[] = [];
  private readonly known = new Map<string, OrderRow>();

  constructor(
    /** The available balances its orders spend from (see risk.ts). */
    readonly balances: Balances,
    /** Orders its client order ids already name. */
    known: readonly OrderRow[],
    /** The id its first new order gets. */
    firstNewOrderId: number,
  ) {
    for (const row of known) {
      if (row.client_order_id !== null) this.remember(row.user_id, row.client_order_id, row);
    }
    this.writes = {
      firstNewOrderId,
      postings: [],
      rows: new Map(),
      trades: [],
      lastPrices: new Map(),
    };
  }

  /** The order an account's client order id names, if placed before or earlier in the batch. */
  knownOrder(userId: number, clientOrderId: string): OrderRow | undefined {
    return this.known.get(`${userId}:${clientOrderId}`);
  }

  /** Notes the order a client order id now names. */
  remember(userId: number, clientOrderId: string, row: OrderRow): void {
    this.known.set(`${userId}:${clientOrderId}`, row);
  }

  /** Stamps what the next command does with `at`, or with the batch's clock when null. */
  stamp(at: Date | null): void {
    this.now = at ?? this.clock;
    this.backdated = at !== null;
  }

  /** Adds a posting to the batch's writes, and follows it in the balances the batch knows. */
  post(posting: Posting): void {
    this.balances.apply(posting);
    this.writes.postings.push(posting);
  }
}
