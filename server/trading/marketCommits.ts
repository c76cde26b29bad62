/**
 * News of the owner's committed batches for every other server (the event bus, relayed with
 * NOTIFY): which orders changed and how, which trades were made, whom a fee split paid, and each
 * pair's book sequence number after the batch. Orders travel as their changing fields only, as
 * of the batch, since a later batch may have changed the stored row again by the time a follower
 * reads it; the rest of the row, which never changes, and the trades, which never change either,
 * travel with it when the news still fits one notification (carriedRows.ts), and are read by id
 * when not. A batch too large for one notification goes out in parts.
 */
import { sql } from 'kysely';
import { MAX_NOTIFY_BYTES } from '../events/PostgresRelay.ts';
import type { Queryable } from '../storage/db.ts';
import type { AccountSeq } from './accountSeqs.ts';
import { type CarriedRows, carriedRows, placedRow, tradeRow } from './carriedRows.ts';
import { type OrderRow, plain } from './orderRows.ts';
import type { BatchPosition, MarketBatch } from './Publisher.ts';

/**
 * One order's state after the batch: id, status, reason, filled, filled value, priority,
 * triggered, the fees so far (a plain decimal) and its last fill (ms, or null).
 */
export type OrderState = [
  id: number,
  status: OrderRow['status'],
  reason: string | null,
  filled: number,
  filledValue: number,
  priority: number,
  triggered: boolean,
  fee: string,
  lastFillAt: number | null,
];

/** One notification's worth of a committed batch. */
export type BatchNews = {
  market: string;
  epoch: number;
  batch: number;
  /** The unit's seq of the batch (ownership.ts). */
  seq: number;
  /** This part's index, of `parts`: a large batch's orders and credited accounts are split. */
  part: number;
  parts: number;
  /** The batch's time (ms): every order it changed was updated then. */
  at: number;
  orders: OrderState[];
  /** The batch's first and last trade ids, or null when it traded nothing. */
  trades: [first: number, last: number] | null;
  credited: number[];
  /** Its part of the accounts' seqs (accountSeqs.ts); absent from an owner of the version before. */
  accounts?: AccountSeq[];
  /** Each pair's book sequence number after the batch, in PAIR_SYMBOLS order. */
  books: number[];
  /** The batch's rows when its news fits one notification with them; null: read them back. */
  rows: CarriedRows | null;
};

/**
 * Orders per part: at most about 170 bytes each (every number at 16 digits, the fee at 38), so
 * a part stays under a notification's 8,000.
 */
const ORDERS_PER_PART = 40;

/** Accounts' seqs per part: about 20 bytes each as they run (an id and a seq), 30 at most. */
const ACCOUNTS_PER_PART = 20;

/** Credited accounts per part. */
const CREDITED_PER_PART = 300;

/**
 * The most a news with its rows may take as JSON: the relay's limit for one event, less room for
 * its name and the envelope.
 */
const CARRYING_BYTES = MAX_NOTIFY_BYTES - 400;

/** The news of a committed batch: in as many parts as its size needs, or one with its rows. */
export function newsOf(
  market: string,
  position: BatchPosition,
  batch: MarketBatch,
  books: number[],
): BatchNews[] {
  const orders = batch.orders.map(stateOf);
  const credited = [...batch.credited];
  const accounts = (batch.accounts ?? []).map(([userId, seq]): AccountSeq => [userId, seq]);
  const tradeIds = batch.trades.map((trade) => trade.id);
  const trades: BatchNews['trades'] =
    tradeIds.length === 0 ? null : [Math.min(...tradeIds), Math.max(...tradeIds)];
  const at = batch.orders[0]?.updated_at.getTime() ?? Date.now();
  const parts = Math.max(
    1,
    Math.ceil(orders.length / ORDERS_PER_PART),
    Math.ceil(credited.length / CREDITED_PER_PART),
    Math.ceil(accounts.length / ACCOUNTS_PER_PART),
  );
  const news = Array.from({ length: parts }, (_, part) => ({
    market,
    ...position,
    seq: batch.seq,
    part,
    parts,
    at,
    orders: orders.slice(part * ORDERS_PER_PART, (part + 1) * ORDERS_PER_PART),
    trades,
    credited: credited.slice(part * CREDITED_PER_PART, (part + 1) * CREDITED_PER_PART),
    accounts: accounts.slice(part * ACCOUNTS_PER_PART, (part + 1) * ACCOUNTS_PER_PART),
    books,
    rows: null,
  }));
  const [whole] = news;
  if (parts > 1 || whole === undefined) return news;
  const carrying = { ...whole, rows: carriedRows(batch) };
  return [Buffer.byteLength(JSON.stringify(carrying)) <= CARRYING_BYTES ? carrying : whole];
}

/** Reads back the batch a whole set of parts tells of: its orders' fixed columns, its trades. */
export async function readBatch(db: Queryable, parts: readonly BatchNews[]): Promise<MarketBatch> {
  const [head] = parts;
  if (head === undefined) throw new Error('a batch of no parts');
  const states = parts.flatMap((part) => part.orders);
  const ids = states.map(([id]) => id);
  const stored =
    ids.length === 0
      ? []
      : await db
          .selectFrom('orders')
          .selectAll()
          .where(sql<boolean>`id = any(${ids}::bigint[])`)
          .execute();
  const byId = new Map(stored.map((row) => [row.id, row]));
  const orders = states.map((state) => {
    const row = byId.get(state[0]);
    if (row === undefined)
      throw new Error(`order ${state[0]} of batch ${head.batch} is not stored`);
    return orderAfter(row, state, head.at);
  });
  // A batch over two units (lending.ts) tells each unit's part apart, their trades' ids mixed:
  // a part's trades are those between its first and last on the pairs of its orders.
  const pairs = [...new Set(orders.map((row) => row.pair))];
  const trades =
    head.trades === null || pairs.length === 0
      ? []
      : await db
          .selectFrom('trades')
          .selectAll()
          .where('id', '>=', head.trades[0])
          .where('id', '<=', head.trades[1])
          .where('pair', 'in', pairs)
          .orderBy('id')
          .execute();
  const credited = parts.flatMap((part) => part.credited);
  const accounts = parts.flatMap((part) => part.accounts ?? []);
  const position = { epoch: head.epoch, batch: head.batch };
  return { seq: head.seq, position, orders, trades, credited, accounts };
}

/**
 * The batch a one-part news tells of whole, from the rows it carries; null when it carries none
 * (too large, or an owner of the version before) or they do not match its orders: read it back.
 */
export function carriedBatch(parts: readonly BatchNews[]): MarketBatch | null {
  const [head] = parts;
  // Absent, not null, in news from an owner of the version before.
  const rows = head?.rows ?? null;
  if (head === undefined || rows === null || parts.length !== 1) return null;
  const placedById = new Map(rows.placed.map((placed) => [placed[0], placed]));
  const orders: OrderRow[] = [];
  for (const state of head.orders) {
    const placed = placedById.get(state[0]);
    if (placed === undefined) return null;
    orders.push(orderAfter(placedRow(placed), state, head.at));
  }
  const trades = rows.trades.map(tradeRow);
  const position = { epoch: head.epoch, batch: head.batch };
  const accounts = head.accounts ?? [];
  return { seq: head.seq, position, orders, trades, credited: head.credited, accounts };
}

/** An order's row after a batch: its fixed columns with the state the batch left it in. */
function orderAfter(fixed: OrderRow, state: OrderState, at: number): OrderRow {
  const [, status, reason, filled, filledValue, priority, triggered, fee, lastFillAt] = state;
  return {
    ...fixed,
    status,
    reason,
    filled,
    filled_value: filledValue,
    priority,
    triggered,
    fee,
    last_fill_at: lastFillAt === null ? null : new Date(lastFillAt),
    updated_at: new Date(at),
  };
}

/** Where the owner's journal stands: a batch's place in it, and that batch's seq. */
export interface JournalPosition extends BatchPosition {
  seq: number;
}

/** Where the owner's journal stands now: its epoch, its last committed batch and its seq. */
export async function journalPosition(db: Queryable, market: string): Promise<JournalPosition> {
  const row = await db
    .selectFrom('market_owners')
    .select(['epoch', 'batch', 'seq'])
    .where('market', '=', market)
    .executeTakeFirst();
  return { epoch: row?.epoch ?? 0, batch: row?.batch ?? 0, seq: row?.seq ?? 0 };
}

/** Whether journal position `a` is before `b`. */
export function isBefore(a: BatchPosition, b: BatchPosition): boolean {
  return a.epoch < b.epoch || (a.epoch === b.epoch && a.batch < b.batch);
}

function stateOf(row: OrderRow): OrderState {
  return [
    row.id,
    row.status,
    row.reason,
    row.filled,
    row.filled_value,
    row.priority,
    row.triggered,
    plain(row.fee),
    row.last_fill_at?.getTime() ?? null,
  ];
}
