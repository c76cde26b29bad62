/**
 * How long snapshots keep their proofs. A snapshot's public part (time, root, leaf count, totals
 * per asset, addresses and signatures) is the exchange's published history and is kept for ever;
 * its per-account part (each account's leaf and balances, the stored nodes, the secret the nonces
 * come from) only serves proofs, and is deleted RESERVES_KEEP_DAYS after the snapshot was taken.
 * The latest snapshot always keeps its proofs, however old, so an account can always have one.
 */
import { sql } from 'kysely';
import type { Database } from '../storage/db.ts';

/** Deletes the per-account part of snapshots older than `keepDays`; the ids it pruned. */
export async function pruneSnapshots(db: Database, keepDays: number, now = new Date()) {
  if (keepDays === 0) return [];
  const before = new Date(now.getTime() - keepDays * 86_400_000);
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number }>`
      update reserve_snapshots set pruned_at = ${now}, secret = null
      where pruned_at is null and taken_at < ${before}
        and id < (select max(id) from reserve_snapshots)
      returning id`.execute(trx);
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    await trx.deleteFrom('reserve_leaves').where('snapshot_id', 'in', ids).execute();
    await trx.deleteFrom('reserve_nodes').where('snapshot_id', 'in', ids).execute();
    return ids;
  });
}
