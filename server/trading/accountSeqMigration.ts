/**
 * Migration 0036_account_seq: the market's change number, which a trading program's account
 * stream resumes from after a reconnect (streams/accountResume.ts).
 *
 * - `market_owners.seq`: the number of the market's last committed batch, never reset (a new
 *   owner's batch count starts again at 0, its seq goes on). Each batch raises it in its own
 *   transaction, so the numbers follow the commits' order on every server.
 * - `orders.changed_seq`: the batch that last changed the order; `trades.batch_seq`: the batch
 *   that made the trade. What an account missed since seq N is its orders changed after N (as
 *   they are now) and its trades made after N; both read by index.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  'alter table market_owners add column seq bigint not null default 0',
  'alter table orders add column changed_seq bigint not null default 0',
  'alter table trades add column batch_seq bigint not null default 0',
  'create index orders_user_changed on orders (user_id, changed_seq)',
  // Appended in order (the numbers only grow), so the index costs a trade little.
  'create index trades_batch_seq on trades (batch_seq)',
];

/** See the file comment. */
export const accountSeqMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
