/**
 * Migration 0013_address_book: the withdrawal address book.
 *
 * - `address_book`: an account's saved destinations, one per network, address and tag (a null
 *   tag counts as one value, so an address is not saved twice without one), each with its label
 *   and the time withdrawals to it may start.
 * - `users.address_book_only`: withdrawals go only to saved addresses that have waited;
 *   `users.address_book_off_at`: when that was last turned off, for the pause that follows.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table address_book (
    id bigint generated always as identity primary key,
    user_id integer not null references users (id),
    network text not null,
    address text not null,
    tag bigint constraint address_book_tag check (tag between 0 and 4294967295),
    label text not null constraint address_book_label check (char_length(label) between 1 and 40),
    created_at timestamptz not null default now(),
    usable_from timestamptz not null
  )`,
  `create unique index address_book_entry
    on address_book (user_id, network, address, coalesce(tag, -1))`,
  'alter table users add column address_book_only boolean not null default false',
  'alter table users add column address_book_off_at timestamptz',
];

/** The '0013_address_book' migration. */
export const addressBookMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
