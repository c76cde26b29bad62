/**
 * Migration 0008_transfers: transfers between account holders.
 *
 * - `transfers` keeps each transfer with its note and the ledger entry that moved the money, so
 *   both sides' histories can show who it came from or went to and why. A client-made
 *   idempotency key is unique per sender: a retried request finds the first transfer instead of
 *   making a second one.
 * - The users' `is_withdraw` and `is_transfer` flags now mean "allowed": on by default, and staff
 *   turn one off to stop that operation for an account. Until now nothing read them, so every
 *   account is switched on.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table users alter column is_withdraw set default true',
  'alter table users alter column is_transfer set default true',
  'update users set is_withdraw = true, is_transfer = true',

  `create table transfers (
    id bigint generated always as identity primary key,
    sender_id integer not null references users (id),
    recipient_id integer not null references users (id),
    ticker text not null references currencies (ticker),
    amount numeric(38, 18) not null constraint transfers_amount_positive check (amount > 0),
    note text not null default '',
    idempotency_key text not null,
    ledger_entry_id bigint not null references ledger_entries (id),
    created_at timestamptz not null default now(),
    constraint transfers_not_to_oneself check (sender_id <> recipient_id),
    constraint transfers_idempotency_key unique (sender_id, idempotency_key)
  )`,
  'create index transfers_recipient on transfers (recipient_id, id)',
  'create index transfers_ledger_entry on transfers (ledger_entry_id)',
];

/** The '0008_transfers' migration. */
export const transfersMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
