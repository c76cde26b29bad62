/**
 * Migration 0030_support_presence: which clients have a support socket open, on any server that
 * shares the database, so a reply is pushed or mailed only to a client who is away from all.
 *
 * - `support_presence`: one row per (server, client) while that server holds a socket of the
 *   client, with how many; `seen_at` is renewed by the server's heartbeat, and a row not renewed
 *   for a while is a stopped server's and no longer counts. No foreign key to users: a purged
 *   visitor's row must not fail a server's heartbeat, and it expires on its own.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table support_presence (
    server_id text not null,
    user_id integer not null,
    sockets integer not null check (sockets > 0),
    seen_at timestamptz not null default now(),
    primary key (server_id, user_id)
  )`,
  'create index support_presence_user on support_presence (user_id, seen_at)',
];

/** The '0030_support_presence' migration. */
export const supportPresenceMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
