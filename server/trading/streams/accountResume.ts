/**
 * What an account missed since one of its seqs (accountSeqs.ts), read from the database for an
 * account stream that resumes: its orders changed after it (as they are now, each at its last
 * change), its fills made after it, grouped into one update per seq in seq order. All in one
 * snapshot of the database, with the account's seq it stands at, so every batch up to that seq is
 * wholly in and none after it is. Null when the stream cannot resume (core/protocol's rule):
 * `since` too far behind or ahead of the account, or too much missed. A stream that starts
 * afresh reads its snapshot the same way (`readSnapshot`): the open orders and the seq they stand
 * at, whichever server and whichever units' news it has heard so far.
 */
import {
  ACCOUNT_RESUME_BATCHES,
  ACCOUNT_RESUME_ITEMS,
  type OwnTrade,
  type SpotOrder,
} from '../../../core/protocol/index.ts';
import type { Database } from '../../storage/db.ts';
import { accountSeq } from '../accountSeqs.ts';
import { ownFills, toWire } from '../orderRows.ts';

/** One batch's part of a resume. */
export interface MissedBatch {
  seq: number;
  orders: SpotOrder[];
  trades: OwnTrade[];
}

/** A resume: the batches missed, in seq order, and the account's seq the read stands at. */
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
      const upTo = await accountSeq(trx, userId);
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
        .where((eb) =>
          eb.or([
            eb.and([eb('maker_user_id', '=', userId), eb('maker_seq', '>', since)]),
            eb.and([eb('taker_user_id', '=', userId), eb('taker_seq', '>', since)]),
          ]),
        )
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
      for (const row of orders) of(Number(row.changed_seq)).orders.push(toWire(row));
      for (const row of trades) {
        const seq = row.maker_user_id === userId ? row.maker_seq : row.taker_seq;
        of(Number(seq)).trades.push(...ownFills(row, userId));
      }
      return { batches: [...batches.values()].sort((a, b) => a.seq - b.seq), upTo };
    });
}

/** A fresh start: the account's open orders, oldest first, and the seq they stand at. */
export async function readSnapshot(
  db: Database,
  userId: number,
): Promise<{ orders: SpotOrder[]; upTo: number }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const upTo = await accountSeq(trx, userId);
      const rows = await trx
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', ['new', 'partiallyFilled'])
        .orderBy('id')
        .execute();
      return { orders: rows.map(toWire), upTo };
    });
}
