/**
 * An account's deposit address on a network, derived the first time it is asked for and stored:
 * deriving costs milliseconds, the deposit watcher reads the stored ones, and an address once
 * handed out stays the account's even if the wallet seed later changes.
 */
import type { Queryable } from '../../storage/db.ts';
import type { ChainAdapter } from '../chains/ChainAdapter.ts';

/** An address and, on networks that use one, the destination tag that goes with it. */
export interface StoredAddress {
  address: string;
  tag: number | null;
}

/** The account's stored address on the adapter's network, derived and stored when missing. */
export async function depositAddressOf(
  db: Queryable,
  adapter: ChainAdapter,
  userId: number,
): Promise<StoredAddress> {
  const stored = await find(db, adapter, userId);
  if (stored !== undefined) return stored;
  const { address, tag, path } = adapter.depositAddress(userId);
  await db
    .insertInto('deposit_addresses')
    .values({ user_id: userId, network: adapter.network, address, tag, path })
    // Two first requests at once: one row wins and both answer with it.
    .onConflict((conflict) => conflict.columns(['user_id', 'network']).doNothing())
    .execute();
  const made = await find(db, adapter, userId);
  if (made === undefined) throw new Error(`no deposit address stored for ${userId}`);
  return made;
}

function find(db: Queryable, adapter: ChainAdapter, userId: number) {
  return db
    .selectFrom('deposit_addresses')
    .select(['address', 'tag'])
    .where('user_id', '=', userId)
    .where('network', '=', adapter.network)
    .executeTakeFirst();
}
