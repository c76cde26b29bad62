/**
 * Ownership of a matching group among servers on one PostgreSQL database. The server holding the
 * group's advisory lock raises the group's epoch (`claimMarket`) before it rebuilds the books;
 * every batch it runs then raises the epoch's batch count in the batch's own transaction
 * (`batchNumbering`; an answer outside a batch only reads the epoch FOR SHARE, `holdEpoch`). The
 * row lock makes a new owner's raise wait for a batch in flight, and the raise, once committed,
 * makes the old owner's next batch see the new epoch and roll back: a server that lost the lock,
 * even before it notices, commits nothing more.
 */
import { type RawBuilder, sql } from 'kysely';
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

/** What a spread server's seat lock is named by, before the server's id (MarketSeat.ts). */
export const SEAT_LOCK_PREFIX = 'market-server:';

/**
 * The lock a unit's batch takes for its transaction, so a silent owner's batch can be found: by
 * its epoch too, so the batch a silent owner left open is told from the next owner's.
 */
export function batchLockOf(owner: Ownership): string {
  return `${BATCH_LOCK_PREFIX}${owner.market}#${owner.epoch}`;
}

/** What a batch's lock is named by, before its unit and epoch. */
export const BATCH_LOCK_PREFIX = 'market-batch:';

/**
 * Raises the group's epoch; the ownership this server now has. The epoch is the server's whose
 * seat holds the group's lock (MarketSeat.ts: the seat's connection holds both), so the others
 * hear the unit's owner in that server's beat and, should it fall silent, find its batches by
 * their epoch (ownerHeartbeat.ts).
 */
export async function claimMarket(db: Database, market: string): Promise<Ownership> {
  const server = sql<string | null>`(select m.id
    from pg_locks u
      join pg_locks s on s.pid = u.pid and s.locktype = 'advisory' and s.granted
      join market_servers m
        on s.objid::bigint = (hashtext(${SEAT_LOCK_PREFIX}::text || m.id)::bigint & 4294967295)
    where u.locktype = 'advisory' and u.granted
      and u.database = (select oid from pg_database where datname = current_database())
      and u.objid::bigint = (hashtext(${lockNameOf(market)})::bigint & 4294967295)
    limit 1)`;
  const row = await db
    .insertInto('market_owners')
    .values({ market, epoch: 1, server })
    .onConflict((conflict) =>
      conflict.column('market').doUpdateSet({
        epoch: sql`market_owners.epoch + 1`,
        batch: 0,
        beat_at: sql`now()`,
        server: (eb) => eb.ref('excluded.server'),
      }),
    )
    .returning('epoch')
    .executeTakeFirstOrThrow();
  return { market, epoch: row.epoch };
}

/**
 * What numbering a batch answers: its place in its owner's epoch (null alone), its unit's seq
 * (never reset), and for a unit among several the highest order and trade ids as the statement
 * began (else null).
 */
export interface BatchNumbers {
  batch: number | null;
  seq: number;
  order_id: number | null;
  trade_id: number | null;
}

/**
 * The statement that numbers a batch in the caller's transaction (batchOpening.ts runs it first
 * in the batch): raises the epoch's batch count and the unit's seq, which, like `holdEpoch`,
 * waits for a claim in flight and answers no row once the epoch changed (`market.moved`). The
 * number, with the epoch, is the batch's place in the owner's journal. It takes the batch's lock
 * before the row, as a unit's batch does, so a silent owner's open batch is found and ended.
 */
export function batchNumbering(owner: Ownership): RawBuilder<BatchNumbers> {
  return sql<BatchNumbers>`update market_owners set batch = batch + 1, seq = seq + 1
    from (select pg_advisory_xact_lock_shared(hashtext(${batchLockOf(owner)}))) as locked
    where market = ${owner.market} and epoch = ${owner.epoch}
    returning batch, seq, null::bigint as order_id, null::bigint as trade_id`;
}

/**
 * Numbers a batch of a market alone on its database (PGlite: no owners, no epochs): raises the
 * market's seq, making its row the first time.
 */
export function seqNumbering(market: string): RawBuilder<BatchNumbers> {
  return sql<BatchNumbers>`insert into market_owners as o (market, epoch, seq)
    values (${market}, 0, 1)
    on conflict (market) do update set seq = o.seq + 1
    returning null::integer as batch, seq, null::bigint as order_id, null::bigint as trade_id`;
}

/** A unit's seq: its last committed batch's, counted across owners (0 before any). */
export async function marketSeq(db: Queryable, market: string): Promise<number> {
  const row = await db
    .selectFrom('market_owners')
    .select('seq')
    .where('market', '=', market)
    .executeTakeFirst();
  return row?.seq ?? 0;
}

/**
 * Holds the group's epoch for the transaction; refuses with `market.moved` if it changed. It
 * takes the batch's lock with the row, as a batch does, so a hung owner's open transaction is
 * found by that lock and ended.
 */
export async function holdEpoch(trx: Queryable, owner: Ownership): Promise<void> {
  const { rows } = await sql<{ epoch: number }>`select m.epoch
    from (select pg_advisory_xact_lock_shared(hashtext(${batchLockOf(owner)}))) as locked,
      market_owners m
    where m.market = ${owner.market}
    for share of m`.execute(trx);
  if (rows[0]?.epoch !== owner.epoch) throw refusal('market.moved');
}
