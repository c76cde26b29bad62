/**
 * Migration 0005_ticket_sessions: a support socket ticket belongs to the session that asked for
 * it, so signing out (or the session expiring) also ends every ticket it issued, even one not
 * yet used. Tickets live a minute, so the ones outstanding at upgrade are simply dropped.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'delete from support_tickets',
  'alter table support_tickets drop column user_id',
  `alter table support_tickets add column session_id integer not null
    references sessions (id) on delete cascade`,
];

/** The '0005_ticket_sessions' migration. */
export const ticketSessionMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
