/**
 * Migration 0032_market_batches: the number of the owner's last committed batch in its epoch,
 * kept on the market's row. Each batch raises it in its own transaction, which is also what
 * fences the batch (ownership.ts), so a follower that rebuilds its replica from the database
 * knows exactly which batch the rows it read end with, and which news of batches to skip.
 */
import { type Migration, sql } from 'kysely';

/** See the file comment. */
export const batchesMigration: Migration = {
  async up(db) {
    await sql`alter table market_owners add column batch bigint not null default 0`.execute(db);
  },
};
