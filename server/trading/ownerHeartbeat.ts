/**
 * A hung owner gives the market up. A server that dies or loses its connection drops the market's
 * advisory lock with it; one that hangs (an event loop stuck, a process stopped) keeps its
 * connection, and so the lock, while matching nothing. So the owner says it is alive every
 * moment in `market_owners.beat_at`, and a follower that finds it silent for OWNER_SILENCE_MS ends
 * the connection holding the lock: the lock is free for the next try, and the epoch fences the
 * silent server should it wake. A false alarm (an owner starved of CPU) costs one failover.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../storage/db.ts';
import { BATCH_LOCK_PREFIX, lockNameOf, type Ownership, SEAT_LOCK_PREFIX } from './ownership.ts';

/** How long an owner may go unheard before a follower takes the market from it. */
export const OWNER_SILENCE_MS = 5_000;

/**
 * Says the owner is alive every `everyMs` until stopped. One beat at a time: a beat waiting on
 * the owners' row (a batch holding it) is not joined by more, which would take every connection
 * of the pool while they wait.
 */
export function beatWhileOwning(
  db: Database,
  owner: Ownership,
  everyMs: number,
  log: FastifyBaseLogger,
): { stop(): void } {
  let beating = false;
  const beat = async () => {
    if (beating) return;
    beating = true;
    await db
      .updateTable('market_owners')
      .set({ beat_at: sql`now()` })
      .where('market', '=', owner.market)
      .where('epoch', '=', owner.epoch)
      .execute()
      .catch((error: unknown) => log.warn({ err: error }, 'spot market: heartbeat not written'))
      .finally(() => {
        beating = false;
      });
  };
  const timer = setInterval(() => void beat(), everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Ends the connections of `market`'s owner if it has been silent longer than `silenceMs`: the one
 * holding the market's lock, and any of a batch it left open (it holds the owners' row, which the
 * next owner's claim would wait on forever); true when it ended any. The lock's key is hashtext of
 * its name, which pg_locks shows as the low 32 bits in objid. Only a batch writes to the owners'
 * table while the lock is held, so the connections holding a write lock on it are the owner's.
 * With the market spread, every unit's batches write to it: a unit's batch is told instead by the
 * lock it takes for its transaction before any row (`batchLockOf`), named by the silent epoch. And
 * a unit's lock held by a server that still says it lives (MarketSeat.ts) is left alone: that
 * server has just taken the unit and not yet claimed it (its claim waits for the silent epoch's
 * batch, which is ended), and ending its connection would cost it every unit it owns.
 */
export async function evictSilentOwner(
  db: Database,
  market: string,
  silenceMs = OWNER_SILENCE_MS,
  /** A unit among several: its batches are told by their own lock (`batchLockOf`). */
  spread = false,
): Promise<boolean> {
  const key = (name: RawBuilder<unknown>) => sql`(hashtext(${name})::bigint & 4294967295)`;
  const { rows } = await sql<{ ended: boolean }>`
    select pg_terminate_backend(l.pid) as ended
      from market_owners o, pg_locks l
      where o.market = ${market} and o.beat_at < now() - ${`${silenceMs} milliseconds`}::interval
        and l.granted and l.pid <> pg_backend_pid()
        and l.database = (select oid from pg_database where datname = current_database())
        and (
          (l.locktype = 'advisory'
            and l.objid::bigint = ${key(sql`${BATCH_LOCK_PREFIX}::text || o.market || '#' || o.epoch`)})
          or (l.locktype = 'advisory' and l.objid::bigint = ${key(sql`${lockNameOf(market)}`)}
            and not (${spread} and exists (
              select 1 from pg_locks s join market_servers m
                  on s.objid::bigint = ${key(sql`${SEAT_LOCK_PREFIX}::text || m.id`)}
                where s.pid = l.pid and s.locktype = 'advisory' and s.granted
                  and m.beat_at > now() - ${`${silenceMs} milliseconds`}::interval)))
          or (not ${spread} and l.locktype = 'relation'
            and l.relation = 'market_owners'::regclass and l.mode = 'RowExclusiveLock')
        )`.execute(db);
  return rows.some((row) => row.ended);
}

/**
 * How long the market's owner has been silent, in milliseconds; null when no server ever owned it.
 * A new owner's claim counts as speaking.
 */
export async function ownerSilenceMs(db: Database, market: string): Promise<number | null> {
  const row = await db
    .selectFrom('market_owners')
    .select(sql<string>`extract(epoch from now() - beat_at) * 1000`.as('silent'))
    .where('market', '=', market)
    .executeTakeFirst();
  return row === undefined ? null : Number(row.silent);
}
