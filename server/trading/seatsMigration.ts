/**
 * Migration 0042_market_servers: the servers that may match the spot market when it is spread
 * over them (MarketSeat.ts). Each says it is alive every moment and names the pairs it is pinned
 * to; the live ones, counted together with the lock each holds while its connection lives, set
 * every server's fair share of the pairs.
 */
import { type Migration, sql } from 'kysely';

/** See the file comment. */
export const seatsMigration: Migration = {
  async up(db) {
    await sql`create table market_servers (
      id text primary key,
      pins text[] not null default '{}',
      beat_at timestamptz not null default now()
    )`.execute(db);
  },
};
