/**
 * What people do to a withdrawal after requesting it: its owner cancels it before it is sent, and
 * staff approve or reject one awaiting review. Staff never change a balance: a rejection only
 * gives the hold back to its owner.
 */

import { refusal } from '../../errors/DomainError.ts';
import type { Queryable } from '../../storage/db.ts';
import { movableFrom, movedTo } from './lifecycle.ts';
import { releaseHold } from './releaseHold.ts';
import { readWithdrawal, type WithdrawalRow } from './withdrawalRows.ts';

/** Cancels the owner's withdrawal until it is sent (hold released). */
export async function cancelWithdrawal(
  db: Queryable,
  userId: number,
  id: number,
): Promise<WithdrawalRow> {
  const released = await db.transaction().execute((trx) =>
    releaseHold(trx, {
      id,
      userId,
      move: 'cancel',
      reason: null,
    }),
  );
  const row = await readWithdrawal(db, id);
  if (row === undefined || row.user_id !== userId) throw refusal('withdrawal.notFound');
  if (released === undefined && row.status !== 'cancelled') {
    throw refusal('withdrawal.notCancellable', { status: row.status });
  }
  return row;
}

/**
 * Staff's decision on a withdrawal awaiting review: approved, it is sent with the next block;
 * rejected, with a reason its owner sees, its hold is released. The owner's id and the row.
 */
export async function reviewWithdrawal(
  db: Queryable,
  staffId: number,
  decision: { id: number; approve: boolean; reason?: string | undefined },
): Promise<WithdrawalRow> {
  const reason = decision.reason?.trim() ?? '';
  if (!decision.approve && reason === '') throw refusal('withdrawal.reasonRequired');
  const before = await readWithdrawal(db, decision.id);
  if (before === undefined) throw refusal('withdrawal.notFound');
  // Four eyes: the review exists so that one person alone cannot send a large sum out.
  if (before.user_id === staffId) throw refusal('withdrawal.ownWithdrawal');
  const changed = await db.transaction().execute(async (trx) => {
    if (!decision.approve) {
      const owner = await releaseHold(trx, {
        id: decision.id,
        move: 'reject',
        reason,
        reviewedBy: staffId,
      });
      return owner !== undefined;
    }
    const approved = await trx
      .updateTable('withdrawals')
      .set({ status: movedTo('approve'), reviewed_by: staffId, updated_at: new Date() })
      .where('id', '=', decision.id)
      .where('status', 'in', movableFrom('approve'))
      .executeTakeFirst();
    return approved.numUpdatedRows === 1n;
  });
  const row = await readWithdrawal(db, decision.id);
  if (row === undefined) throw refusal('withdrawal.notFound');
  if (!changed) throw refusal('withdrawal.notAwaitingReview');
  return row;
}
