/**
 * Migration 0031_market_owners: which server matches a market, and the commands other servers
 * pass it.
 *
 * - `market_owners` keeps one row per matching group (today one, 'spot', for every pair) with
 *   the epoch of its owner: a server that takes the group's lock raises the epoch, and every
 *   batch checks, in its own transaction, that the epoch is still the one it took (ownership.ts).
 * - `market_intake` keeps the commands a server that does not own the market hands to the one
 *   that does, and the answer the owner writes in the same transaction as the batch that ran
 *   them: a command is answered exactly when its effects are committed.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table market_owners (
    market text primary key,
    epoch bigint not null
  )`,
  `create table market_intake (
    id bigint generated always as identity primary key,
    market text not null,
    command jsonb not null,
    answer jsonb,
    created_at timestamptz not null default now(),
    answered_at timestamptz
  )`,
  // The owner reads only what is still waiting.
  `create index market_intake_waiting on market_intake (market, id) where answered_at is null`,
];

/** See the file comment. */
export const ownersMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
