/**
 * Each account's seq: the number of the last batch part that changed it, which its account
 * stream carries and resumes from (`since`). A batch raises, in its own transaction, the seq of
 * every account it changed, once per unit whose pairs it changed for that account (a swap over
 * two units gives the account two numbers, one per part, as each part reaches the streams on
 * its own). The accounts' rows are locked in account order, so two batches never wait on each
 * other in a circle; two batches that change one account commit one after the other, and its
 * numbers follow their commits. Batches of different accounts do not wait on each other at all.
 */
import { type RawBuilder, sql } from 'kysely';
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
 * The seqs a batch raises, planned before its write: each account it changes and how many
 * numbers it takes (one per part whose pairs changed for it), and how far below its raised seq
 * each part's number is. The raise itself runs inside the batch's write statement
 * (writeBatch.ts), so it costs no round trip of its own.
 */
export class SeqPlan {
  /** Each account's count of numbers, by account. */
  private readonly counts = new Map<number, number>();
  /** Per part, each account's distance below its raised seq. */
  private readonly backs = new Map<string, Map<number, number>>();

  constructor(
    rows: Iterable<OrderRow>,
    trades: readonly TradesTable[],
    private readonly partOf: (pair: PairSymbol) => string,
  ) {
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
    for (const users of touched.values()) {
      for (const userId of users) this.counts.set(userId, (this.counts.get(userId) ?? 0) + 1);
    }
    // Each account's numbers go to its parts in the parts' name order.
    const given = new Map<number, number>();
    for (const name of [...touched.keys()].sort()) {
      const backs = new Map<number, number>();
      for (const userId of touched.get(name) ?? []) {
        const index = given.get(userId) ?? 0;
        given.set(userId, index + 1);
        backs.set(userId, (this.counts.get(userId) ?? 1) - 1 - index);
      }
      this.backs.set(name, backs);
    }
  }

  /** How far below its account's raised seq the seq of `userId`'s changes on `pair` is. */
  back(userId: number, pair: string): number {
    const back = this.backs.get(this.partOf(pair as PairSymbol))?.get(userId);
    if (back === undefined) throw new Error(`no seq for account ${userId} on ${pair}`);
    return back;
  }

  /**
   * The upsert that adds each count to its account's seq, locking the rows in account order,
   * returning (user_id, seq): a part of the write statement; null when the batch changed no one.
   */
  raising(): RawBuilder<unknown> | null {
    if (this.counts.size === 0) return null;
    const users = [...this.counts.keys()].sort((a, b) => a - b);
    const counts = users.map((userId) => this.counts.get(userId) ?? 1);
    return sql`insert into account_seqs as a (user_id, seq)
      select u.user_id, u.count from unnest(${users}::integer[], ${counts}::bigint[])
        as u (user_id, count)
      order by u.user_id
    on conflict (user_id) do update set seq = a.seq + excluded.seq
    returning user_id, seq`;
  }

  /** The seqs the accounts took, from their raised seqs. */
  seqs(raised: ReadonlyMap<number, number>): BatchSeqs {
    const parts = new Map<string, Map<number, number>>();
    for (const [name, backs] of this.backs) {
      const seqs = new Map<number, number>();
      for (const [userId, back] of backs) seqs.set(userId, (raised.get(userId) ?? 0) - back);
      parts.set(name, seqs);
    }
    return new BatchSeqs(parts, this.partOf);
  }
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
