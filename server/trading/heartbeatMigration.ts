/** The market owner's heartbeat: when it last said it is alive (ownerHeartbeat.ts). */
import { type Migration, sql } from 'kysely';

/** Adds `beat_at` to the market owners. */
export const heartbeatMigration: Migration = {
  async up(db) {
    await sql`alter table market_owners add column beat_at timestamptz not null default now()`.execute(
      db,
    );
  },
};
