/** An account's signed-in sessions as the account holder sees them, and signing out the others. */
import type { ActiveSession } from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';

/** The account's sessions that still work (not revoked, not expired), newest first. */
export async function listSessions(
  db: Queryable,
  userId: number,
  currentSessionId: number,
): Promise<ActiveSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'created_ip'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at.toISOString(),
    ip: row.created_ip,
    current: row.id === currentSessionId,
  }));
}

/**
 * Revokes every working session of the account but `keepSessionId`; returns the ids revoked, so
 * the caller can close their sockets.
 */
export async function revokeOtherSessions(
  db: Queryable,
  userId: number,
  keepSessionId: number,
): Promise<number[]> {
  const rows = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('id', '<>', keepSessionId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
