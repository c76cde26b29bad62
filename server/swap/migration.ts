/**
 * Migration 0015_swaps: swaps at firm quotes.
 *
 * - `swaps`: every quote given, with what it promised (the amount, what it delivers, the USDT
 *   the route leaves over), the legs it fixed (pair, side, lots and worst price each, in the
 *   engine's integers) and when it stops being firm. Accepting one fills its legs and, in the
 *   same transaction, records what they gave and the orders that did it: `filled_at` set means
 *   the swap happened.
 * - `users.is_swap` now means "allowed", as `is_transfer` does: on by default, staff turn it off.
 *   Until now nothing read it, so every account is switched on.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table users alter column is_swap set default true',
  'update users set is_swap = true',
  `create table swaps (
    id bigint generated always as identity primary key,
    user_id integer not null references users (id),
    from_ticker text not null references currencies (ticker),
    to_ticker text not null references currencies (ticker),
    amount numeric(38, 18) not null constraint swaps_amount_positive check (amount > 0),
    quoted_received numeric(38, 18) not null,
    quoted_remainder numeric(38, 18) not null,
    legs jsonb not null,
    quote jsonb not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    filled_at timestamptz,
    spent numeric(38, 18),
    received numeric(38, 18),
    remainder numeric(38, 18),
    order_ids jsonb,
    constraint swaps_two_currencies check (from_ticker <> to_ticker),
    constraint swaps_filled check ((filled_at is null) = (received is null))
  )`,
  'create index swaps_user_filled on swaps (user_id, id) where filled_at is not null',
];

/** The '0015_swaps' migration. */
export const swapsMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
