/**
 * A withdrawal that will not leave, closed: its amount and fee go back from the held balance to
 * the available one in the same transaction as its status changes, and the status names that
 * entry (the database checks it), so a hold is released at most once.
 */
import { sql } from 'kysely';
import type { Ticker } from '../../../core/protocol/index.ts';
import type { Queryable } from '../../storage/db.ts';
import { post } from '../ledger.ts';
import { movableFrom, movedTo } from './lifecycle.ts';

/** How a withdrawal ended without leaving, and the words of its ledger entry. */
const ENDINGS = {
  cancelled: 'cancelled',
  rejected: 'rejected by staff',
  failed: 'failed on the chain',
} as const;

/** What release changes. */
export interface Release {
  id: number;
  /** The move that closes it (lifecycle.ts): only from its statuses; otherwise nothing changes. */
  move: 'cancel' | 'expireLink' | 'reject' | 'fail';
  /** Shown to the owner: why staff rejected it or the chain refused it. */
  reason: string | null;
  /** Only a withdrawal of this account, when given. */
  userId?: number;
  reviewedBy?: number;
}

/**
 * Releases the withdrawal's hold and closes it, in `trx`; the owner's id, or undefined (and
 * nothing changed) when it is not in a status the move starts from.
 */
export async function releaseHold(trx: Queryable, release: Release): Promise<number | undefined> {
  let query = trx
    .selectFrom('withdrawals')
    .select(['user_id', 'asset', sql<string>`trim_scale(amount + fee)::text`.as('total')])
    .where('id', '=', release.id)
    .where('status', 'in', movableFrom(release.move));
  const to = movedTo(release.move);
  if (release.userId !== undefined) query = query.where('user_id', '=', release.userId);
  // Locked until the commit: a sender or a second release waits, then finds it closed.
  const row = await query.forUpdate().executeTakeFirst();
  if (row === undefined) return undefined;
  const entry = await post(trx, {
    from: { user: row.user_id, held: true },
    to: { user: row.user_id },
    ticker: row.asset as Ticker,
    amount: row.total,
    reason: `Withdrawal ${release.id} ${ENDINGS[to]}`,
  });
  await trx
    .updateTable('withdrawals')
    .set({
      status: to,
      reason: release.reason,
      final_entry_id: entry,
      updated_at: new Date(),
      ...(release.reviewedBy === undefined ? {} : { reviewed_by: release.reviewedBy }),
    })
    .where('id', '=', release.id)
    .execute();
  return row.user_id;
}
