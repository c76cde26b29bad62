/**
 * Migration 0014_card_purchases: crypto bought by card, and the built-in test provider's sessions.
 *
 * - A purchase keeps the quote it was locked at (rate, fee, total, amount), the provider that
 *   takes the payment and that provider's session, and the card's brand and last four digits at
 *   most: never a card number or a CVC.
 * - Its status only moves forward, each step an `update … where status = …` so a callback
 *   delivered many times changes it once. A credited row names the ledger entry that paid it out
 *   and a refunded row also the entry that took it back: each is unique and set with its status,
 *   so a purchase is credited at most once and refunded at most once.
 * - The test provider's sessions stand where a real provider's servers would: the product reads
 *   them only through the provider.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table card_purchases (
    id bigint generated always as identity primary key,
    user_id integer not null references users (id),
    asset text not null references currencies (ticker),
    amount numeric(38, 18) not null constraint card_purchases_amount check (amount > 0),
    rate numeric(38, 18) not null constraint card_purchases_rate check (rate > 0),
    fee numeric(38, 18) not null constraint card_purchases_fee check (fee >= 0),
    total numeric(38, 18) not null constraint card_purchases_total check (total > fee),
    status text not null constraint card_purchases_status check (status in
      ('created', 'awaitingPayment', 'paid', 'credited', 'declined', 'expired', 'refunded')),
    provider text not null,
    session_id text,
    payment_url text,
    card_brand text,
    card_last4 text constraint card_purchases_last4 check (card_last4 ~ '^[0-9]{4}$'),
    reason text,
    idempotency_key text not null,
    credit_entry_id bigint constraint card_purchases_credit_key unique
      references ledger_entries (id),
    refund_entry_id bigint constraint card_purchases_refund_key unique
      references ledger_entries (id),
    expires_at timestamptz not null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint card_purchases_idempotency_key unique (user_id, idempotency_key),
    constraint card_purchases_session_key unique (provider, session_id),
    constraint card_purchases_session check (status = 'created' or session_id is not null),
    constraint card_purchases_credited check (
      (status in ('credited', 'refunded')) = (credit_entry_id is not null)),
    constraint card_purchases_refunded check ((status = 'refunded') = (refund_entry_id is not null))
  )`,
  'create index card_purchases_user on card_purchases (user_id, id)',
  `create index card_purchases_open on card_purchases (status, expires_at)
    where status in ('created', 'awaitingPayment', 'paid')`,

  `create table test_card_sessions (
    id text primary key,
    amount numeric(38, 18) not null constraint test_card_sessions_amount check (amount > 0),
    description text not null,
    return_path text not null,
    status text not null constraint test_card_sessions_status check (status in
      ('open', 'challenge', 'succeeded', 'declined', 'refunded')),
    card_brand text,
    card_last4 text,
    expires_at timestamptz not null,
    created_at timestamptz not null default now()
  )`,
];

/** The '0014_card_purchases' migration. */
export const cardPurchasesMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
