/**
 * A batch's first statement: it numbers the batch, fenced by its owner's epoch (ownership.ts),
 * and locks and reads the balances its orders spend from (risk.ts), in one round trip. The
 * balances are locked only once the numbering has its row: a batch waits for its unit's row
 * first, as every batch of its unit does, and one fenced out locks nothing.
 */
import { type RawBuilder, sql } from 'kysely';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import type { Spend } from './Command.ts';
import { type BatchNumbers, batchLockOf, type Ownership } from './ownership.ts';
import { Balances, lockingBalances } from './risk.ts';

/** A batch's numbers and the balances it may spend. */
export interface OpenedBatch extends BatchNumbers {
  balances: Balances;
}

/** Runs `numbering` and locks the balances of `spends`; `market.moved` when fenced out. */
export async function openBatch(
  trx: Queryable,
  numbering: RawBuilder<BatchNumbers>,
  spends: readonly Spend[],
): Promise<OpenedBatch> {
  const { locked, balances } = balanceLocking(spends);
  const { rows } = await sql<BatchNumbers & { balances: [number, string, string][] }>`
    with numbers as (${numbering})${locked}
    select n.batch, n.seq, n.order_id, n.trade_id, ${balances} as balances
    from numbers n`.execute(trx);
  const [row] = rows;
  if (row === undefined) throw refusal('market.moved');
  const opened = new Balances();
  for (const [userId, ticker, amount] of row.balances) opened.set(userId, ticker, amount);
  const id = (value: number | string | null) => (value === null ? null : Number(value));
  return {
    batch: id(row.batch),
    seq: Number(row.seq),
    order_id: id(row.order_id),
    trade_id: id(row.trade_id),
    balances: opened,
  };
}

/** A joined batch's numbers: each unit's that is still its owner's, and the highest ids. */
export interface OpenedUnits {
  /** Each unit numbered, by name: its batch count in the epoch and its seq. */
  numbers: Map<string, { batch: number; seq: number }>;
  order_id: number | null;
  trade_id: number | null;
  balances: Balances;
}

/**
 * Opens a batch joined over several units one server owns (JointBatches.ts), in one statement:
 * takes each unit's batch lock (named by its epoch, so a silent owner's open batch is found and
 * ended), then locks the rows in `market_owners` of every unit the batch may write for (its
 * units, and the other unit of each group over two units: lending.ts) in name order, so two
 * batches never wait on each other in a circle; then raises the batch count and seq of each of
 * its units whose epoch is still the one it took. A unit whose epoch moved is left out (its
 * commands answer `market.moved`), the others are numbered. The balances are locked only when
 * one unit was numbered; the highest ids are as the statement began.
 */
export async function openUnits(
  trx: Queryable,
  owners: readonly Ownership[],
  others: readonly string[],
  spends: readonly Spend[],
): Promise<OpenedUnits> {
  const units = [...new Set([...owners.map(({ market }) => market), ...others])].sort();
  const { locked, balances } = balanceLocking(spends);
  const { rows } = await sql<{
    units: [string, number, number | string][];
    order_id: number | string | null;
    trade_id: number | string | null;
    balances: [number, string, string][];
  }>`with held as materialized (
      select m.market
      from (select count(pg_advisory_xact_lock_shared(hashtext(l)))
          from unnest(${owners.map(batchLockOf)}::text[]) as l) as taken,
        market_owners m
      where m.market = any(${units}::text[])
      order by m.market
      for update of m),
    numbers as (
      update market_owners o set batch = o.batch + 1, seq = o.seq + 1
      from held h, unnest(${owners.map(({ market }) => market)}::text[],
          ${owners.map(({ epoch }) => epoch)}::integer[]) as e (market, epoch)
      where o.market = h.market and o.market = e.market and o.epoch = e.epoch
      returning o.market, o.batch, o.seq)${locked}
    select (select json_agg(json_build_array(n.market, n.batch, n.seq)) from numbers n) as units,
      (select max(id) from orders) as order_id, (select max(id) from trades) as trade_id,
      ${balances} as balances
    where exists (select from numbers)`.execute(trx);
  const [row] = rows;
  const opened = new Balances();
  for (const [userId, ticker, amount] of row?.balances ?? []) opened.set(userId, ticker, amount);
  const id = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  const numbers = new Map(
    (row?.units ?? []).map(([market, batch, seq]) => [market, { batch, seq: Number(seq) }]),
  );
  return { numbers, order_id: id(row?.order_id), trade_id: id(row?.trade_id), balances: opened };
}

/**
 * The parts of an opening statement that lock and read the balances `spends` draw on: a `locked`
 * query to append to its `with` list, and the `balances` column reading them back (an empty
 * array when nothing is spent). Text, not JSON numbers: a balance is an exact decimal.
 */
function balanceLocking(spends: readonly Spend[]): {
  locked: RawBuilder<unknown>;
  balances: RawBuilder<unknown>;
} {
  const locking = lockingBalances(spends);
  if (locking === null) return { locked: sql``, balances: sql`'[]'::json` };
  return {
    locked: sql`, locked as (${locking})`,
    balances: sql`(select coalesce(json_agg(json_build_array(l.user_id, l.ticker, l.balance::text)),
      '[]'::json) from locked l)`,
  };
}
