/**
 * Migration 0041_mail_queued_notify: each transaction that queues mail NOTIFYs `mail_queued` as
 * it commits (PostgreSQL sends a transaction's notifications at its commit, the same ones once),
 * so every server's sender wakes when a mail is there to send, instead of polling the queue.
 */
import { type Migration, sql } from 'kysely';

/** The channel a committed mail is announced on. */
export const MAIL_QUEUED_CHANNEL = 'mail_queued';

const statements = [
  `create function mail_outbox_queued() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${MAIL_QUEUED_CHANNEL}', '');
      return null;
    end $$`,
  `create trigger mail_outbox_queued after insert on mail_outbox
    for each statement execute function mail_outbox_queued()`,
];

/** The '0041_mail_queued_notify' migration. */
export const mailQueuedNotifyMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
