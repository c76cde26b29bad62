/**
 * Migration 0034_order_fills: what a trading program reads of an order without adding up its
 * trades, and a market buy's total kept to what its caller sent.
 *
 * - `spend_cap`: a market buy by amount names no price, so the market bounds it by the account's
 *   available USDT; that bound used to be stored (and answered) as the order's `total`. It moves
 *   to its own column. A stored market buy with both an amount and a total is taken as such a
 *   bound: the site sends one or the other, and the bound cannot be told apart from a total an
 *   API caller sent with its amount.
 * - `fee` and `last_fill_at`: the fees an order's fills paid so far (in what it receives) and
 *   when it last traded, kept up in the batch that writes the fills. Orders stored before are
 *   given them from their trades.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table orders add column spend_cap bigint',
  `update orders set spend_cap = total, total = null
    where side = 'buy' and type in ('market', 'stopMarket')
      and amount is not null and total is not null`,
  'alter table orders add column fee numeric(38, 18) not null default 0',
  'alter table orders add column last_fill_at timestamptz',
  `update orders set fee = fills.fee, last_fill_at = fills.at
    from (
      select order_id, sum(fee) as fee, max(created_at) as at from (
        select maker_order_id as order_id, maker_fee as fee, created_at from trades
        union all
        select taker_order_id, taker_fee, created_at from trades
      ) as each_fill group by order_id
    ) as fills
    where orders.id = fills.order_id`,
];

/** The '0034_order_fills' migration. */
export const orderFillsMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
