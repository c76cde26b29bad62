/**
 * Ownership of a matching group among servers on one PostgreSQL database. The server holding the
 * group's advisory lock raises the group's epoch (`claimMarket`) before it rebuilds the books;
 * every batch it runs then reads the epoch FOR SHARE in the batch's own transaction
 * (`holdEpoch`). The share lock makes a new owner's raise wait for a batch in flight, and the
 * raise, once committed, makes the old owner's next batch see the new epoch and roll back: a
 * server that lost the lock, even before it notices, commits nothing more.
 */
import { sql } from 'kysely';
import { refusal } from '../errors/DomainError.ts';
import type { Database, Queryable } from '../storage/db.ts';

/** The one matching group today: every spot pair, so an order group's legs match together. */
export const SPOT_MARKET = 'spot';

/** The group a server matches and the epoch it took. */
export interface Ownership {
  market: string;
  epoch: number;
}

/** The advisory lock's name for a group. */
export function lockNameOf(market: string): string {
  return `market:${market}`;
}

/** Raises the group's epoch; the ownership this server now has. */
export async function claimMarket(db: Database, market: string): Promise<Ownership> {
  const row = await db
    .insertInto('market_owners')
    .values({ market, epoch: 1 })
    .onConflict((conflict) =>
      conflict.column('market').doUpdateSet({ epoch: sql`market_owners.epoch + 1` }),
    )
    .returning('epoch')
    .executeTakeFirstOrThrow();
  return { market, epoch: row.epoch };
}

/** Holds the group's epoch for the transaction; refuses with `market.moved` if it changed. */
export async function holdEpoch(trx: Queryable, owner: Ownership): Promise<void> {
  const row = await trx
    .selectFrom('market_owners')
    .select('epoch')
    .where('market', '=', owner.market)
    .forShare()
    .executeTakeFirst();
  if (row?.epoch !== owner.epoch) throw refusal('market.moved');
}
