/**
 * Migration 0027_p2p_trade_times: when a trade was marked paid, disputed and ended, so both sides
 * and the staff deciding a dispute read its history. Trades from before keep nulls there.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table p2p_trades add column paid_at timestamptz',
  'alter table p2p_trades add column disputed_at timestamptz',
  'alter table p2p_trades add column ended_at timestamptz',
];

/** The '0027_p2p_trade_times' migration. */
export const p2pTradeTimesMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
