/**
 * Migration 0028_p2p_margin: offers priced at a margin over the market.
 *
 * - `p2p_offers.margin`: percent over (or, negative, under) the reference price, instead of a
 *   fixed `price`; exactly one of the two is set.
 * - `p2p_fiat_rates`: what one USDT is worth in each fiat, as staff keep it. The reference price
 *   of an asset in a fiat is the spot market's last USDT price times that rate.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table p2p_offers alter column price drop not null',
  `alter table p2p_offers add column margin numeric(5, 2)
    constraint p2p_offers_margin check (margin between -20 and 20)`,
  `alter table p2p_offers add constraint p2p_offers_one_price
    check ((price is null) <> (margin is null))`,
  `create table p2p_fiat_rates (
    fiat text primary key constraint p2p_fiat_rates_fiat check (fiat ~ '^[A-Z]{3}$'),
    per_usdt numeric(38, 8) not null constraint p2p_fiat_rates_positive check (per_usdt > 0),
    updated_by integer references users (id),
    updated_at timestamptz not null default now()
  )`,
];

/** The '0028_p2p_margin' migration. */
export const p2pMarginMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
