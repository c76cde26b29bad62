/**
 * Migration 0023_p2p_offers: offers of peer-to-peer trading.
 *
 * - `p2p_offers`: a merchant's offer to buy or sell an asset for a fiat currency at a fixed
 *   price, within per-trade fiat limits, by some of the listed payment methods. `available` is
 *   the crypto still on offer; a sell offer's is held in escrow (the merchant's held balance)
 *   while it is active, and `escrow_entry_id` names the ledger entry that holds it then (null
 *   while paused or closed, when it is released, and once nothing is left), so the status and the
 *   money change together.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table p2p_offers (
    id bigint generated always as identity primary key,
    user_id integer not null references users (id),
    side text not null constraint p2p_offers_side check (side in ('buy', 'sell')),
    asset text not null references currencies (ticker),
    fiat text not null constraint p2p_offers_fiat check (fiat ~ '^[A-Z]{3}$'),
    price numeric(38, 8) not null constraint p2p_offers_price check (price > 0),
    amount numeric(38, 18) not null constraint p2p_offers_amount check (amount > 0),
    available numeric(38, 18) not null constraint p2p_offers_available
      check (available >= 0 and available <= amount),
    min_fiat numeric(38, 2) not null constraint p2p_offers_min_fiat check (min_fiat > 0),
    max_fiat numeric(38, 2) not null,
    payment_methods text[] not null
      constraint p2p_offers_payment_methods check (cardinality(payment_methods) between 1 and 5),
    payment_window_minutes integer not null
      constraint p2p_offers_payment_window check (payment_window_minutes between 5 and 240),
    terms text not null default '',
    status text not null constraint p2p_offers_status check (status in ('active', 'paused', 'closed')),
    escrow_entry_id bigint references ledger_entries (id),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    constraint p2p_offers_limits check (min_fiat <= max_fiat),
    constraint p2p_offers_escrow_only_active_sell check (
      escrow_entry_id is null or (side = 'sell' and status = 'active')),
    constraint p2p_offers_escrow_while_left check (
      escrow_entry_id is not null or not (side = 'sell' and status = 'active' and available > 0))
  )`,
  `create index p2p_offers_listed on p2p_offers (asset, fiat, side, price)
    where status = 'active'`,
  'create index p2p_offers_merchant on p2p_offers (user_id, id)',
];

/** The '0023_p2p_offers' migration. */
export const p2pOffersMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
