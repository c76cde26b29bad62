/**
 * Migration 0025_p2p_payment_details: where a seller is paid, by payment method (an IBAN for
 * SEPA, an e-mail for PayPal …). Kept private: shown only to the sides of a trade under way in
 * which its owner sells.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table p2p_payment_details (
    user_id integer not null references users (id) on delete cascade,
    method text not null,
    details text not null constraint p2p_payment_details_text check (length(details) between 1 and 500),
    updated_at timestamptz not null default now(),
    primary key (user_id, method)
  )`,
];

/** The '0025_p2p_payment_details' migration. */
export const p2pPaymentDetailsMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
