/**
 * Migration 0049_server_beat: one beat per server instead of one per unit (ownerHeartbeat.ts).
 * `market_owners.server` names the server whose seat claimed the unit's epoch, so a unit is
 * silent exactly while that server is (its `market_servers.beat_at` is old), and a silent
 * server's open batches are found by their epochs; `market_servers.evicted` counts the times
 * the others ended a server's connections for its silence (false alarms among them).
 */
import { type Migration, sql } from 'kysely';

/** See the file comment. */
export const serverBeatMigration: Migration = {
  async up(db) {
    await sql`alter table market_owners add column server text`.execute(db);
    await sql`alter table market_servers add column evicted integer not null default 0,
      add column evicted_beat timestamptz`.execute(db);
  },
};
