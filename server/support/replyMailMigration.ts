/**
 * Migration 0022_support_reply_mail: a staff reply the client has not read within a few minutes,
 * while none of their sockets is open, is mailed to them, once until they come back.
 *
 * - `support_dialogs.client_unread_since`: when the first reply the client has not seen arrived;
 *   cleared when they read the dialog or open the chat's socket.
 * - `support_dialogs.reply_mailed_at`: the mail went; cleared with the above, so the next reply
 *   after their return is mailed again.
 * - `users.mail_support_replies`: the profile's switch, on by default.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table support_dialogs add column client_unread_since timestamptz',
  'alter table support_dialogs add column reply_mailed_at timestamptz',
  `create index support_dialogs_unread_replies on support_dialogs (client_unread_since)
    where client_unread_since is not null and reply_mailed_at is null`,
  'alter table users add column mail_support_replies boolean not null default true',
];

/** The '0022_support_reply_mail' migration. */
export const supportReplyMailMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
