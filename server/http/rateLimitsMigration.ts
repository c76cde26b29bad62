/**
 * Migration 0029_rate_limits: the table rate-limiter-flexible's PostgreSQL store counts in, so that
 * servers sharing one PostgreSQL database share their rate limits (limiterStores.ts).
 *
 * - `key`: the limiter's prefix and the counted key (an IP, an address, a user id). The library
 *   would make it varchar(255); text, because an address may be 254 characters before the prefix.
 * - `points`: what the key has spent in its window.
 * - `expire`: when the window ends, in milliseconds since 1970 (null for a count that never ends).
 *
 * No index on `expire`: the sweep of old rows runs every few minutes over a table that holds only
 * the keys seen lately, and every API call updates a row here.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table rate_limits (
    key text primary key,
    points integer not null default 0,
    expire bigint
  )`,
];

/** The '0029_rate_limits' migration. */
export const rateLimitsMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
