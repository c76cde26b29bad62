/**
 * A market batch's writes: the accounts' seqs, its new orders, the changes to orders placed
 * before, its trades, its ledger entries, the last prices and the answers of forwarded commands.
 * Each table takes one part whatever the batch holds, its rows passed as one array per column:
 * the statement's text never changes and neither the driver nor the database handles thousands
 * of bind parameters. The parts run as one statement (each a data-modifying `with` query), so a
 * batch's writes cost one round trip; they touch different rows (the orders updated are older
 * than those inserted), the rows and trades take their accounts' seqs from the seqs' part, and
 * the foreign keys and the ledger's statement trigger are checked at its end, as for separate
 * statements.
 */
import { type RawBuilder, sql } from 'kysely';
import { formatDecimal } from '../../core/markets/decimal.ts';
import { PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import type { Queryable } from '../storage/db.ts';
import type { AccountIds, Posting } from '../wallet/ledger.ts';
import type { BatchSeqs, SeqPlan } from './accountSeqs.ts';
import type { Answering } from './intake.ts';
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
 * Writes a batch in the caller's transaction, with the answers of its forwarded commands (one
 * set per unit whose commands it ran, each telling that unit's servers); every order it writes takes the seq its account took in the batch, every trade each
 * side's (accountSeqs.ts). Returns those seqs.
 */
export async function writeBatch(
  trx: Queryable,
  writes: BatchWrites,
  accounts: AccountIds,
  plan: SeqPlan,
  answers: readonly Answering[],
  /** Runs the write statement: at once, or as the batch's last, with its commit. */
  run: <R>(statement: RawBuilder<R>) => Promise<R[]>,
): Promise<BatchSeqs> {
  const rows = [...writes.rows.values()];
  const raising = plan.raising();
  const parts = [
    raising,
    insertOrders(
      rows.filter((row) => row.id >= writes.firstNewOrderId),
      plan,
    ),
    updateOrders(
      rows.filter((row) => row.id < writes.firstNewOrderId),
      plan,
    ),
    insertTrades(writes.trades, plan),
    await accounts.entriesOf(trx, writes.postings),
    updateLastPrices(writes.lastPrices),
    ...answers.map((answering) => answering.store),
  ];
  const named = parts.flatMap((part, index) =>
    part === null ? [] : [sql`${sql.raw(index === 0 ? 'raised' : `w${index}`)} as (${part})`],
  );
  if (named.length === 0) return plan.seqs(new Map());
  const seqs =
    raising === null
      ? sql`'[]'::json`
      : sql`coalesce((select json_agg(json_build_array(user_id, seq)) from raised), '[]'::json)`;
  const notify = sql.join(
    answers.map((answering, index) => sql`, ${answering.notify} as ${sql.raw(`notified${index}`)}`),
    sql``,
  );
  const written = await run(
    sql<{
      seqs: [number, number | string][];
    }>`with ${sql.join(named)} select ${seqs} as seqs${notify}`,
  );
  const raised = new Map((written[0]?.seqs ?? []).map(([userId, seq]) => [userId, Number(seq)]));
  return plan.seqs(raised);
}

/** One column of `rows`, as the array a statement takes. */
function column<T, K extends keyof T>(rows: readonly T[], key: K): T[K][] {
  return rows.map((row) => row[key]);
}

/** How far below its account's raised seq each row's seq is (accountSeqs.ts). */
function backsOf(rows: readonly OrderRow[], plan: SeqPlan): number[] {
  return rows.map((row) => plan.back(row.user_id, row.pair));
}

function insertOrders(rows: readonly OrderRow[], plan: SeqPlan): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  const of = <K extends keyof OrderRow>(key: K) => column(rows, key);
  return sql`insert into orders (id, user_id, pair, side, type, price, stop_price, amount, total,
      spend_cap, time_in_force, post_only, self_trade, client_order_id, status, reason, filled,
      filled_value, fee, last_fill_at, priority, triggered, created_at, updated_at, changed_seq)
    select u.id, u.user_id, u.pair, u.side, u.type, u.price, u.stop_price, u.amount, u.total,
      u.spend_cap, u.time_in_force, u.post_only, u.self_trade, u.client_order_id, u.status,
      u.reason, u.filled, u.filled_value, u.fee, u.last_fill_at, u.priority, u.triggered,
      u.created_at, u.updated_at, s.seq - u.back
    from unnest(${of('id')}::bigint[], ${of('user_id')}::integer[], ${of('pair')}::text[],
      ${of('side')}::text[], ${of('type')}::text[], ${of('price')}::bigint[],
      ${of('stop_price')}::bigint[], ${of('amount')}::bigint[], ${of('total')}::bigint[],
      ${of('spend_cap')}::bigint[], ${of('time_in_force')}::text[],
      ${of('post_only')}::boolean[], ${of('self_trade')}::text[],
      ${of('client_order_id')}::text[], ${of('status')}::text[], ${of('reason')}::text[],
      ${of('filled')}::bigint[], ${of('filled_value')}::bigint[], ${of('fee')}::numeric[],
      ${of('last_fill_at')}::timestamptz[], ${of('priority')}::bigint[],
      ${of('triggered')}::boolean[], ${of('created_at')}::timestamptz[],
      ${of('updated_at')}::timestamptz[], ${backsOf(rows, plan)}::bigint[])
      as u (id, user_id, pair, side, type, price, stop_price, amount, total, spend_cap,
        time_in_force, post_only, self_trade, client_order_id, status, reason, filled,
        filled_value, fee, last_fill_at, priority, triggered, created_at, updated_at, back)
      left join raised s on s.user_id = u.user_id`;
}

/** Writes what trading changes in orders placed by earlier batches. */
function updateOrders(rows: readonly OrderRow[], plan: SeqPlan): RawBuilder<unknown> | null {
  if (rows.length === 0) return null;
  const of = <K extends keyof OrderRow>(key: K) => column(rows, key);
  return sql`update orders set status = changed.status, reason = changed.reason,
      filled = changed.filled, filled_value = changed.filled_value, fee = changed.fee,
      last_fill_at = changed.last_fill_at, priority = changed.priority,
      triggered = changed.triggered, updated_at = changed.updated_at,
      changed_seq = s.seq - changed.back
    from unnest(${of('id')}::bigint[], ${of('user_id')}::integer[], ${of('status')}::text[],
      ${of('reason')}::text[], ${of('filled')}::bigint[], ${of('filled_value')}::bigint[],
      ${of('fee')}::numeric[], ${of('last_fill_at')}::timestamptz[],
      ${of('priority')}::bigint[], ${of('triggered')}::boolean[],
      ${of('updated_at')}::timestamptz[], ${backsOf(rows, plan)}::bigint[])
      as changed (id, user_id, status, reason, filled, filled_value, fee, last_fill_at,
        priority, triggered, updated_at, back)
      left join raised s on s.user_id = changed.user_id
    where orders.id = changed.id`;
}

function insertTrades(trades: readonly TradesTable[], plan: SeqPlan): RawBuilder<unknown> | null {
  if (trades.length === 0) return null;
  const of = <K extends keyof TradesTable>(key: K) => column(trades, key);
  const makerBacks = trades.map((trade) => plan.back(trade.maker_user_id, trade.pair));
  const takerBacks = trades.map((trade) => plan.back(trade.taker_user_id, trade.pair));
  return sql`insert into trades (id, pair, seq, price, amount, taker_side, maker_order_id,
      taker_order_id, maker_user_id, taker_user_id, maker_fee, taker_fee, created_at, backdated,
      maker_seq, taker_seq)
    select t.id, t.pair, t.seq, t.price, t.amount, t.taker_side, t.maker_order_id,
      t.taker_order_id, t.maker_user_id, t.taker_user_id, t.maker_fee, t.taker_fee, t.created_at,
      t.backdated, m.seq - t.maker_back, k.seq - t.taker_back
    from unnest(${of('id')}::bigint[], ${of('pair')}::text[], ${of('seq')}::bigint[],
      ${of('price')}::bigint[], ${of('amount')}::bigint[], ${of('taker_side')}::text[],
      ${of('maker_order_id')}::bigint[], ${of('taker_order_id')}::bigint[],
      ${of('maker_user_id')}::integer[], ${of('taker_user_id')}::integer[],
      ${of('maker_fee')}::numeric[], ${of('taker_fee')}::numeric[],
      ${of('created_at')}::timestamptz[], ${of('backdated')}::boolean[], ${makerBacks}::bigint[],
      ${takerBacks}::bigint[])
      as t (id, pair, seq, price, amount, taker_side, maker_order_id, taker_order_id,
        maker_user_id, taker_user_id, maker_fee, taker_fee, created_at, backdated, maker_back,
        taker_back)
      left join raised m on m.user_id = t.maker_user_id
      left join raised k on k.user_id = t.taker_user_id`;
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
