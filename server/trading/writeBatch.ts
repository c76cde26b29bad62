/**
 * A market batch's writes: its new orders, the changes to orders placed before, its trades, its
 * ledger entries and the last prices. Each table takes one part whatever the batch holds, its
 * rows passed as one array per column: the statement's text never changes and neither the driver
 * nor the database handles thousands of bind parameters. The parts run as one statement (each a
 * data-modifying `with` query but the last), so a batch costs one round trip for all of them;
 * they touch different rows (the orders updated are older than those inserted), the foreign keys
 * and the ledger's statement trigger are checked at its end, as for separate statements.
 */
import { type RawBuilder, sql } from 'kysely';
import { formatDecimal } from '../../core/markets/decimal.ts';
import { PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import type { Queryable } from '../storage/db.ts';
import type { AccountIds, Posting } from '../wallet/ledger.ts';
import type { BatchSeqs } from './accountSeqs.ts';
import type { OrderRow } from './orderRows.ts';
import type { TradesTable } from './TradingTables.ts';

/** What one batch writes. */
export interface BatchWrites {
  /** Orders from this id on were placed by the batch; lower ones were placed before. */
  firstNewOrderId: number;
  postings: Posting[];
  rows: Map<number, OrderRow>;
  trades: TradesTable[];
  lastPrices: Map<PairSymbol, number>;
}

/**
 * Writes a batch in the caller's transaction; every order it writes takes the seq its account
 * took in the batch, every trade each side's (accountSeqs.ts).
 */
export async function writeBatch(
  trx: Queryable,
  writes: BatchWrites,
  accounts: AccountIds,
  seqs: BatchSeqs,
): Promise<void> {
  const rows = [...writes.rows.values()];
  const parts = [
    insertOrders(
      rows.filter((row) => row.id >= writes.firstNewOrderId),
      seqs,
    ),
    updateOrders(
      rows.filter((row) => row.id < writes.firstNewOrderId),
      seqs,
    ),
    insertTrades(writes.trades, seqs),
    await accounts.entriesOf(trx, writes.postings),
    updateLastPrices(writes.lastPrices),
  ].filter((part): part is RawBuilder<unknown> => part !== null);
  const last = parts.pop();
  if (last === undefined) return;
  const before = parts.map((part, index) => sql`${sql.raw(`w${index}`)} as (${part})`);
  await (before.length === 0 ? last : sql`with ${sql.join(before)} ${last}`).execute(trx);
}

/** One column of `rows`, as the array a statement takes. */
function column<T, K extends keyof T>(rows: readonly T[], key: K): T[K][] {
  return rows.map((row) => row[key]);
}

/** Each row's account's seq in the batch. */
function seqsOf(rows: readonly OrderRow[], seqs: BatchSeqs): number[] {
  return rows.map((row) => seqs.of(row.user_id, row.pair));
}

function insertOrders(rows: readonly OrderRow[], seqs: BatchSeqs): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  const of = <K extends keyof OrderRow>(key: K) => column(rows, key);
  return sql`insert into orders (id, user_id, pair, side, type, price, stop_price, amount, total,
      spend_cap, time_in_force, post_only, self_trade, client_order_id, status, reason, filled,
      filled_value, fee, last_fill_at, priority, triggered, created_at, updated_at, changed_seq)
    select * from unnest(${of('id')}::bigint[], ${of('user_id')}::integer[], ${of('pair')}::text[],
      ${of('side')}::text[], ${of('type')}::text[], ${of('price')}::bigint[],
      ${of('stop_price')}::bigint[], ${of('amount')}::bigint[], ${of('total')}::bigint[],
      ${of('spend_cap')}::bigint[], ${of('time_in_force')}::text[],
      ${of('post_only')}::boolean[], ${of('self_trade')}::text[],
      ${of('client_order_id')}::text[], ${of('status')}::text[], ${of('reason')}::text[],
      ${of('filled')}::bigint[], ${of('filled_value')}::bigint[], ${of('fee')}::numeric[],
      ${of('last_fill_at')}::timestamptz[], ${of('priority')}::bigint[],
      ${of('triggered')}::boolean[], ${of('created_at')}::timestamptz[],
      ${of('updated_at')}::timestamptz[], ${seqsOf(rows, seqs)}::bigint[])`;
}

/** Writes what trading changes in orders placed by earlier batches. */
function updateOrders(rows: readonly OrderRow[], seqs: BatchSeqs): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  const of = <K extends keyof OrderRow>(key: K) => column(rows, key);
  return sql`update orders set status = changed.status, reason = changed.reason,
      filled = changed.filled, filled_value = changed.filled_value, fee = changed.fee,
      last_fill_at = changed.last_fill_at, priority = changed.priority,
      triggered = changed.triggered, updated_at = changed.updated_at,
      changed_seq = changed.changed_seq
    from unnest(${of('id')}::bigint[], ${of('status')}::text[], ${of('reason')}::text[],
      ${of('filled')}::bigint[], ${of('filled_value')}::bigint[], ${of('fee')}::numeric[],
      ${of('last_fill_at')}::timestamptz[], ${of('priority')}::bigint[],
      ${of('triggered')}::boolean[], ${of('updated_at')}::timestamptz[],
      ${seqsOf(rows, seqs)}::bigint[])
      as changed (id, status, reason, filled, filled_value, fee, last_fill_at, priority,
        triggered, updated_at, changed_seq)
    where orders.id = changed.id`;
}

function insertTrades(trades: readonly TradesTable[], seqs: BatchSeqs): RawBuilder<unknown> | null {
  if (trades.length === 0) return null;
  const of = <K extends keyof TradesTable>(key: K) => column(trades, key);
  const makerSeqs = trades.map((trade) => seqs.of(trade.maker_user_id, trade.pair));
  const takerSeqs = trades.map((trade) => seqs.of(trade.taker_user_id, trade.pair));
  return sql`insert into trades (id, pair, seq, price, amount, taker_side, maker_order_id,
      taker_order_id, maker_user_id, taker_user_id, maker_fee, taker_fee, created_at, backdated,
      maker_seq, taker_seq)
    select * from unnest(${of('id')}::bigint[], ${of('pair')}::text[], ${of('seq')}::bigint[],
      ${of('price')}::bigint[], ${of('amount')}::bigint[], ${of('taker_side')}::text[],
      ${of('maker_order_id')}::bigint[], ${of('taker_order_id')}::bigint[],
      ${of('maker_user_id')}::integer[], ${of('taker_user_id')}::integer[],
      ${of('maker_fee')}::numeric[], ${of('taker_fee')}::numeric[],
      ${of('created_at')}::timestamptz[], ${of('backdated')}::boolean[], ${makerSeqs}::bigint[],
      ${takerSeqs}::bigint[])`;
}

/** Each traded pair's last price, kept on its base currency for valuing balances. */
function updateLastPrices(lastPrices: ReadonlyMap<PairSymbol, number>): RawBuilder<unknown> | null {
  if (lastPrices.size === 0) return null;
  const prices = [...lastPrices].map(([pair, ticks]) => {
    const spec = PAIRS[pair];
    return {
      base: spec.base,
      price: formatDecimal(BigInt(ticks) * spec.tickUnits, spec.priceDecimals),
    };
  });
  return sql`update currencies set price = last.price
    from unnest(${column(prices, 'base')}::text[], ${column(prices, 'price')}::numeric[])
      as last (ticker, price)
    where currencies.ticker = last.ticker`;
}
