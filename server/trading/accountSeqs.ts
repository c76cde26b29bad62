/**
 * Each account's seq: the number of the last batch part that changed it, which its account
 * stream carries and resumes from (`since`). A batch raises, in its own transaction, the seq of
 * every account it changed, once per unit whose pairs it changed for that account (a swap over
 * two units gives the account two numbers, one per part, as each part reaches the streams on
 * its own). The accounts' rows are locked in account order, so two batches never wait on each
 * other in a circle; two batches that change one account commit one after the other, and its
 * numbers follow their commits. Batches of different accounts do not wait on each other at all.
 */
import { sql } from 'kysely';
import type { PairSymbol } from '../../core/markets/pairs.ts';
import type { Queryable } from '../storage/db.ts';
import type { OrderRow } from './orderRows.ts';
import type { TradesTable } from './TradingTables.ts';

/** An account and the seq it took. */
export type AccountSeq = readonly [userId: number, seq: number];

/** The seqs the accounts took in one batch, by part (the unit whose pairs changed). */
export class BatchSeqs {
  constructor(
    private readonly parts: ReadonlyMap<string, ReadonlyMap<number, number>>,
    private readonly partOf: (pair: PairSymbol) => string,
  ) {}

  /** The seq `userId` took for its changes on `pair`. */
  of(userId: number, pair: string): number {
    const seq = this.parts.get(this.partOf(pair as PairSymbol))?.get(userId);
    if (seq === undefined) throw new Error(`no seq for account ${userId} on ${pair}`);
    return seq;
  }

  /** The accounts of one part with their seqs. */
  part(part: string): AccountSeq[] {
    return [...(this.parts.get(part) ?? new Map<number, number>())];
  }
}

/**
 * Raises the seq of every account the batch's rows and trades change, per part (`partOf` names
 * each pair's part), in the caller's transaction.
 */
export async function raiseAccountSeqs(
  trx: Queryable,
  rows: Iterable<OrderRow>,
  trades: readonly TradesTable[],
  partOf: (pair: PairSymbol) => string,
): Promise<BatchSeqs> {
  const touched = new Map<string, Set<number>>();
  const touch = (pair: string, userId: number) => {
    const part = partOf(pair as PairSymbol);
    const users = touched.get(part) ?? new Set<number>();
    touched.set(part, users);
    users.add(userId);
  };
  for (const row of rows) touch(row.pair, row.user_id);
  for (const trade of trades) {
    touch(trade.pair, trade.maker_user_id);
    touch(trade.pair, trade.taker_user_id);
  }
  const names = [...touched.keys()].sort();
  const counts = new Map<number, number>();
  for (const users of touched.values()) {
    for (const userId of users) counts.set(userId, (counts.get(userId) ?? 0) + 1);
  }
  const raised = await raise(trx, counts);
  const parts = new Map<string, Map<number, number>>();
  // Each account's numbers go to its parts in the parts' name order.
  const given = new Map<number, number>();
  for (const name of names) {
    const seqs = new Map<number, number>();
    for (const userId of touched.get(name) ?? []) {
      const count = counts.get(userId) ?? 1;
      const index = given.get(userId) ?? 0;
      given.set(userId, index + 1);
      seqs.set(userId, (raised.get(userId) ?? 0) - count + 1 + index);
    }
    parts.set(name, seqs);
  }
  return new BatchSeqs(parts, partOf);
}

/** Adds each count to its account's seq, locking the rows in account order; the new seqs. */
async function raise(
  trx: Queryable,
  counts: ReadonlyMap<number, number>,
): Promise<Map<number, number>> {
  if (counts.size === 0) return new Map();
  const users = [...counts.keys()].sort((a, b) => a - b);
  const { rows } = await sql<{ user_id: number; seq: string | number }>`
    insert into account_seqs as a (user_id, seq)
      select u.user_id, u.count from unnest(${users}::integer[], ${users.map((u) => counts.get(u) ?? 1)}::bigint[])
        as u (user_id, count)
      order by u.user_id
    on conflict (user_id) do update set seq = a.seq + excluded.seq
    returning user_id, seq`.execute(trx);
  return new Map(rows.map((row) => [row.user_id, Number(row.seq)]));
}

/** An account's seq now (0 before its first change). */
export async function accountSeq(db: Queryable, userId: number): Promise<number> {
  const row = await db
    .selectFrom('account_seqs')
    .select('seq')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? 0 : Number(row.seq);
}
