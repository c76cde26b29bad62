/**
 * Migration 0012_withdrawals: withdrawals from the exchange to an address on a chain.
 *
 * - Each row names its network, destination, amount and the fee charged on top, and what its
 *   hold moved (`hold_entry_id`); the key a client sends is unique per account, so a retried
 *   request finds the first withdrawal.
 * - `signed_tx` is stored before it is broadcast: after a restart the same transaction is sent
 *   again, never a second one. A sent or confirmed row must carry it.
 * - A confirmed row names the entry that took the amount out of the system and a released row
 *   (cancelled, rejected, failed) the entry that gave the hold back: each is unique, and the
 *   status and its entry change together, so a withdrawal leaves or returns at most once.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table withdrawals (
    id bigint generated always as identity primary key,
    user_id integer not null references users (id),
    asset text not null references currencies (ticker),
    network text not null,
    address text not null,
    tag bigint constraint withdrawals_tag check (tag between 0 and 4294967295),
    amount numeric(38, 18) not null constraint withdrawals_amount check (amount > 0),
    fee numeric(38, 18) not null constraint withdrawals_fee check (fee >= 0),
    usd_value numeric(38, 18) not null,
    status text not null constraint withdrawals_status check (status in
      ('requested', 'awaitingReview', 'sent', 'confirmed', 'cancelled', 'rejected', 'failed')),
    idempotency_key text not null,
    hold_entry_id bigint references ledger_entries (id),
    tx_hash text,
    signed_tx text,
    confirmations integer not null default 0
      constraint withdrawals_confirmations check (confirmations >= 0),
    required integer not null constraint withdrawals_required check (required >= 1),
    reason text,
    reviewed_by integer references users (id),
    final_entry_id bigint constraint withdrawals_final_entry_key unique
      references ledger_entries (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint withdrawals_idempotency_key unique (user_id, idempotency_key),
    constraint withdrawals_signed check (
      status not in ('sent', 'confirmed') or (tx_hash is not null and signed_tx is not null)),
    constraint withdrawals_final check (
      (status in ('confirmed', 'cancelled', 'rejected', 'failed')) = (final_entry_id is not null))
  )`,
  'create index withdrawals_user on withdrawals (user_id, id)',
  'create index withdrawals_recent on withdrawals (user_id, created_at)',
  `create index withdrawals_open on withdrawals (status, id)
    where status in ('requested', 'awaitingReview', 'sent')`,
];

/** The '0012_withdrawals' migration. */
export const withdrawalsMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
