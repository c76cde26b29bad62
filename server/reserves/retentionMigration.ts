/**
 * Migration 0040_reserves_retention: a snapshot's per-account part can be dropped once it is old
 * (RESERVES_KEEP_DAYS), its public part kept for ever. `pruned_at` says when its leaves and
 * stored nodes were deleted; its secret goes with them (nothing is left that a nonce would open),
 * so a snapshot has a secret exactly while it is not pruned.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table reserve_snapshots add column pruned_at timestamptz',
  'alter table reserve_snapshots alter column secret drop not null',
  `alter table reserve_snapshots add constraint reserve_snapshots_pruned_secret
    check ((pruned_at is null) = (secret is not null))`,
];

/** The '0040_reserves_retention' migration. */
export const reservesRetentionMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
