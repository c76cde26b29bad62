/**
 * Migration 0045_account_seqs: the account streams' seq becomes each account's own
 * (accountSeqs.ts), so batches of different pairs' units no longer wait on one market-wide row.
 *
 * - `account_seqs`: an account's last seq. Every existing account starts at the market's seq of
 *   the version before, so a `since` a program holds from then is still below what comes next
 *   and a resume from it stays exact.
 * - `trades.maker_seq` and `trades.taker_seq`: the seq each side's account took in the batch that
 *   made the trade (the two differ now); they replace `trades.batch_seq`, whose values they take.
 * - `orders.changed_seq` keeps its name: it is now the seq its owner's account took.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table account_seqs (
    user_id integer primary key references users (id),
    seq bigint not null
  )`,
  `insert into account_seqs (user_id, seq)
    select id, (select coalesce(max(seq), 0) from market_owners) from users`,
  'alter table trades add column maker_seq bigint not null default 0',
  'alter table trades add column taker_seq bigint not null default 0',
  'update trades set maker_seq = batch_seq, taker_seq = batch_seq',
  'drop index trades_batch_seq',
  'alter table trades drop column batch_seq',
  'create index trades_maker_seq on trades (maker_user_id, maker_seq)',
  'create index trades_taker_seq on trades (taker_user_id, taker_seq)',
];

/** See the file comment. */
export const accountSeqsMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
