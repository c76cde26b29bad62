/**
 * Marks the trades the demo market's past made (demo/DemoPast.ts): stamped with a simulated
 * clock, not at the moment they were written, so readers of volumes can leave them out.
 */
import { type Migration, sql } from 'kysely';

/** Adds `backdated` to the trades, false for every trade made so far. */
export const backdatedMigration: Migration = {
  async up(db) {
    await sql`alter table trades add column backdated boolean not null default false`.execute(db);
  },
};
