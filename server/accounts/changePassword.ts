/**
 * Changing the password of a signed-in account: the current password is asked for again (a
 * session left open is not enough), wrong guesses count against the same per-account limit as
 * sign-in, and every other session ends, since one of them may be whoever knew the old password.
 */
import { refusal } from '../errors/DomainError.ts';
import { blockedFor, type Limits, spend, waitText } from '../http/limits.ts';
import type { Database } from '../storage/db.ts';
import { revokeOtherSessions } from './otherSessions.ts';
import { hashPassword, type PasswordCost, verifyPassword } from './passwords.ts';
import type { SessionCaller } from './sessions.ts';

/**
 * Checks the password a signed-in person typed again (to change it, or to confirm a weighty
 * step): refused while the account's sign-in limit blocks it; a wrong one counts against that
 * limit, so a session left open does not allow guessing. Whether it was right.
 */
export async function passwordAttempt(
  limits: Pick<Limits, 'signInAccount'>,
  user: { email: string; password_hash: string },
  typed: string,
): Promise<boolean> {
  const wait = await blockedFor(limits.signInAccount, user.email);
  if (wait > 0) {
    throw refusal('account.tooManyPasswordAttempts', { wait: waitText(wait) });
  }
  if (await verifyPassword(typed, user.password_hash)) return true;
  await spend(limits.signInAccount, user.email);
  return false;
}

/**
 * Sets a new password and records when (withdrawals pause for a while after a change); returns
 * the ids of the sessions it ended.
 */
export async function changePassword(
  db: Database,
  limits: Pick<Limits, 'signInAccount'>,
  caller: SessionCaller,
  currentPassword: string,
  newPassword: string,
  cost: PasswordCost,
): Promise<number[]> {
  const { user } = caller;
  if (!(await passwordAttempt(limits, user, currentPassword))) {
    throw refusal('account.wrongCurrentPassword');
  }
  if (newPassword === currentPassword) throw refusal('account.samePassword');
  const passwordHash = await hashPassword(newPassword, cost);
  return db.transaction().execute(async (trx) => {
    const now = new Date();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    return revokeOtherSessions(trx, user.id, caller.sessionId);
  });
}
