/**
 * What an account missed since a seq (accountSeqMigration.ts), read from the database for an
 * account stream that resumes: its orders changed after it (as they are now, each at its last
 * change), its fills made after it, grouped into one update per batch in seq order. All in one
 * snapshot of the database, with the market's seq it stands at, so every batch up to that seq is
 * wholly in and none after it is. Null when the stream cannot resume (core/protocol's rule):
 * `since` too far behind or ahead of the market, or too much missed.
 */
import {
  ACCOUNT_RESUME_BATCHES,
  ACCOUNT_RESUME_ITEMS,
  type OwnTrade,
  type SpotOrder,
} from '../../../core/protocol/index.ts';
import type { Database } from '../../storage/db.ts';
import { ownFills, toWire } from '../orderRows.ts';
import { marketSeq, SPOT_MARKET } from '../ownership.ts';

/** One batch's part of a resume. */
export interface MissedBatch {
  seq: number;
  orders: SpotOrder[];
  trades: OwnTrade[];
}

/** A resume: the batches missed, in seq order, and the market's seq the read stands at. */
export interface Resume {
  batches: MissedBatch[];
  upTo: number;
}

/** See the file comment. */
export async function readResume(
  db: Database,
  userId: number,
  since: number,
): Promise<Resume | null> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const upTo = await marketSeq(trx, SPOT_MARKET);
      if (since > upTo || upTo - since > ACCOUNT_RESUME_BATCHES) return null;
      const orders = await trx
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('changed_seq', '>', since)
        .orderBy('changed_seq')
        .orderBy('id')
        .limit(ACCOUNT_RESUME_ITEMS + 1)
        .execute();
      const trades = await trx
        .selectFrom('trades')
        .selectAll()
        .where('batch_seq', '>', since)
        .where((eb) => eb.or([eb('maker_user_id', '=', userId), eb('taker_user_id', '=', userId)]))
        .orderBy('batch_seq')
        .orderBy('id')
        .limit(ACCOUNT_RESUME_ITEMS + 1)
        .execute();
      if (orders.length > ACCOUNT_RESUME_ITEMS || trades.length > ACCOUNT_RESUME_ITEMS) return null;
      const batches = new Map<number, MissedBatch>();
      const of = (seq: number) => {
        const found = batches.get(seq) ?? { seq, orders: [], trades: [] };
        batches.set(seq, found);
        return found;
      };
      for (const row of orders) of(row.changed_seq).orders.push(toWire(row));
      for (const row of trades) of(row.batch_seq).trades.push(...ownFills(row, userId));
      return { batches: [...batches.values()].sort((a, b) => a.seq - b.seq), upTo };
    });
}
