/**
 * What the traders were told: every acknowledged order and cancel, every refusal, and every
 * placement still in flight when the server died. Checked against the database after a crash: an
 * acknowledged order is never lost or taken back, and a placement in flight either happened once
 * or not at all (placing it again with its client order id says which).
 */
import { PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import { toLots } from '../../core/markets/units.ts';
import type { SpotOrder } from '../../core/protocol/index.ts';
import type { Database } from '../../server/storage/db.ts';
import type { ApiAnswer, Trader, TraderStep } from './traders.ts';

/** What a trader believes is open after an answer: answered orders replace what it knew. */
export function stillOpen(
  known: readonly SpotOrder[],
  answered: readonly SpotOrder[],
): SpotOrder[] {
  const ids = new Set(answered.map((order) => order.id));
  const open = [...known.filter((order) => !ids.has(order.id)), ...answered];
  // Orders filled by others stay here unknowingly, as with real clients: keep the newest only.
  return open.filter((order) => !FINAL.has(order.status)).slice(-50);
}

/** A placement whose answer never came. */
export interface InFlight {
  trader: Trader;
  step: Extract<TraderStep, { method: 'orders.place' }>;
}

const FINAL = new Set(['filled', 'cancelled', 'expired']);

/** See the file comment. */
export class Journal {
  /** Acknowledged orders by id, as last answered. */
  readonly orders = new Map<number, SpotOrder & { userId: number }>();
  /** Ids of orders whose cancel was acknowledged. */
  readonly cancelled = new Set<number>();
  /** Refusals by message. */
  readonly refusals = new Map<string, number>();
  inFlight: InFlight[] = [];
  placed = 0;
  cancels = 0;

  /** Records an answer; returns the orders it carried (none for a refusal). */
  record(trader: Trader, step: TraderStep, answer: ApiAnswer): SpotOrder[] {
    if (!answer.status) {
      const message = answer.error_msg ?? 'no message';
      this.refusals.set(message, (this.refusals.get(message) ?? 0) + 1);
      return [];
    }
    const orders =
      step.method === 'orders.cancelAll'
        ? (answer.orders as SpotOrder[])
        : [answer.order as SpotOrder];
    for (const order of orders) this.orders.set(order.id, { ...order, userId: trader.userId });
    if (step.method === 'orders.place') this.placed += 1;
    else {
      this.cancels += orders.length;
      for (const order of orders) this.cancelled.add(order.id);
    }
    return orders;
  }

  /** What the database says against what was acknowledged: the problems, in words. */
  async check(db: Database): Promise<string[]> {
    const problems: string[] = [];
    const ids = [...this.orders.keys()];
    const stored = new Map<number, Awaited<ReturnType<typeof readOrders>>[number]>();
    for (let start = 0; start < ids.length; start += 1000) {
      for (const row of await readOrders(db, ids.slice(start, start + 1000)))
        stored.set(row.id, row);
    }
    for (const [id, told] of this.orders) {
      const row = stored.get(id);
      if (row === undefined) {
        problems.push(`acknowledged order ${id} is not in the database`);
        continue;
      }
      if (row.user_id !== told.userId || row.client_order_id !== told.clientOrderId) {
        problems.push(`order ${id} belongs to someone else than the trader it was acknowledged to`);
      }
      const toldLots = told.filled === '0' ? 0 : toLots(PAIRS[row.pair as PairSymbol], told.filled);
      if (row.filled < toldLots) {
        problems.push(`order ${id} was acknowledged with ${told.filled} filled but stores less`);
      }
      if (FINAL.has(told.status) && row.status !== told.status) {
        problems.push(`order ${id} was acknowledged ${told.status} but is ${row.status}`);
      }
      if (this.cancelled.has(id) && row.status !== 'cancelled') {
        problems.push(`order ${id}'s cancel was acknowledged but it is ${row.status}`);
      }
    }
    return problems;
  }
}

function readOrders(db: Database, ids: number[]) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'pair', 'client_order_id', 'status', 'filled'])
    .where('id', 'in', ids)
    .execute();
}
