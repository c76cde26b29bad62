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
import type { BatchNumbers } from './ownership.ts';
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
  const locking = lockingBalances(spends);
  // Text, not JSON numbers: a balance is an exact decimal.
  const balances =
    locking === null
      ? sql`'[]'::json`
      : sql`(select coalesce(json_agg(json_build_array(l.user_id, l.ticker, l.balance::text)),
          '[]'::json) from locked l)`;
  const locked = locking === null ? sql`` : sql`, locked as (${locking})`;
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
