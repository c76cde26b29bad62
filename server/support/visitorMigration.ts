/**
 * Migration 0004_visitors: visitor chat for the embeddable `<support-chat>` widget. A visitor is a
 * users row (is_visitor) rather than a second kind of client, so dialogs, tickets, sessions and
 * attachments serve visitors through the same foreign keys as account holders.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table users add column is_visitor boolean not null default false',
  // What the visitor typed to be reached at; the email column holds a synthetic unique address.
  `alter table users add column contact_email text
    constraint users_contact_email_length check (char_length(contact_email) <= 254)`,
  // Staff checks read status_id alone: a visitor row can never carry a staff status.
  `alter table users add constraint users_visitor_not_staff
    check (not is_visitor or status_id = 0)`,
];

/** The '0004_visitors' migration. */
export const visitorMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
