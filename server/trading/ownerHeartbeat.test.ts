import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { sql } from 'kysely';
import type pg from 'pg';
import { forEachDatabase } from '../../test/databases.ts';
import { until } from '../../test/supportTesting.ts';
import { type Database, postgresPool } from '../storage/db.ts';
import { openUnits } from './batchOpening.ts';
import { beatAndEndSilent, OwnerSilence, ownerSilenceMs } from './ownerHeartbeat.ts';
import {
  batchNumbering,
  claimMarket,
  lockNameOf,
  type Ownership,
  SEAT_LOCK_PREFIX,
} from './ownership.ts';

/** A stand-in server's seat: its own connection holding its lock, registered as alive. */
interface Seat {
  id: string;
  client: pg.PoolClient;
}

async function seatOf(db: Database): Promise<Seat> {
  const pool = postgresPool(db);
  assert.ok(pool);
  const id = randomUUID();
  const client = await pool.connect();
  client.on('error', () => {});
  await client.query('select pg_advisory_lock(hashtext($1))', [`${SEAT_LOCK_PREFIX}${id}`]);
  await sql`insert into market_servers (id) values (${id})`.execute(db);
  return { id, client };
}

/** The seat takes the unit's lock and claims it, as MarketSeat and UnitMarket do. */
async function own(db: Database, seat: Seat, market: string): Promise<Ownership> {
  await seat.client.query('select pg_advisory_lock(hashtext($1))', [lockNameOf(market)]);
  return claimMarket(db, market);
}

async function silence(db: Database, seat: Seat): Promise<void> {
  await sql`update market_servers set beat_at = now() - interval '2 minutes'
    where id = ${seat.id}`.execute(db);
}

/** An open batch of `owner` (its numbering run, not committed): its connection and pid. */
async function openBatch(db: Database, owner: Ownership): Promise<pg.PoolClient> {
  const batch = await postgresPool(db)?.connect();
  assert.ok(batch);
  batch.on('error', () => {});
  await batch.query('begin');
  const numbering = batchNumbering(owner).compile(db);
  const { rows } = await batch.query(numbering.sql, [...numbering.parameters]);
  assert.equal(rows.length, 1, 'the batch numbered itself');
  return batch;
}

async function evictions(db: Database, seat: Seat): Promise<number> {
  const { rows } = await sql<{ evicted: number }>`
    select evicted from market_servers where id = ${seat.id}`.execute(db);
  return rows[0]?.evicted ?? -1;
}

// Only PostgreSQL has several servers, and so one the others can find silent.
forEachDatabase(
  (open) => {
    test("a server silent past the limit loses its seat's connection (its units' locks) and its open batch; a live one does not", async () => {
      const db = await open();
      const owner = await seatOf(db);
      const other = await seatOf(db);
      const ownership = await own(db, owner, 'test');
      // A batch in flight holds the unit's row: the beat waits on neither it nor the pool.
      const batch = await openBatch(db, ownership);
      assert.deepEqual(await beatAndEndSilent(owner.client, owner.id, 60_000), []);
      assert.deepEqual(await beatAndEndSilent(other.client, other.id, 60_000), [], 'all heard');
      await owner.client.query('select 1');

      await silence(db, owner);
      assert.deepEqual(await beatAndEndSilent(other.client, other.id, 60_000), [owner.id]);
      await assert.rejects(owner.client.query('select 1'), 'the seat connection was ended');
      await assert.rejects(batch.query('commit'), 'the batch left open was ended');
      assert.equal(await evictions(db, owner), 1, 'the eviction is counted');
      assert.equal(await evictions(db, other), 0);
      // Already gone: nothing more is ended, or counted.
      assert.deepEqual(await beatAndEndSilent(other.client, other.id, 60_000), []);
      const { rows } = await sql<{ held: boolean }>`
        select pg_try_advisory_lock(hashtext(${lockNameOf('test')})) as held`.execute(db);
      assert.deepEqual(rows, [{ held: true }], 'the lock is free for a new owner');
      await claimMarket(db, 'test');
      await other.client.query('select 1');
      owner.client.release(true);
      batch.release(true);
      other.client.release(true);
    });

    test("a hung server's batch over two units, waiting on the second unit's row, is ended, and the second unit's live owner is not", async () => {
      const db = await open();
      const hung = await seatOf(db);
      const live = await seatOf(db);
      const ownership = await own(db, hung, 'spot:A');
      await own(db, live, 'spot:B');
      // The second unit's owner has a batch in flight on its row.
      const other = await postgresPool(db)?.connect();
      assert.ok(other);
      await other.query('begin');
      await other.query(`select 1 from market_owners where market = 'spot:B' for update`);
      // The swap's batch locks its own unit's row, then waits on the second's: its server hangs.
      let batchPid = 0;
      const batch = db.transaction().execute(async (trx) => {
        batchPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]
          ?.pid as number;
        await openUnits(trx, [ownership], ['spot:B'], []);
      });
      const ended = batch.then(
        () => 'committed',
        () => 'ended',
      );
      await until('the batch waits on the second unit', () => waitsOnLock(db, batchPid));
      await silence(db, hung);
      // Two servers ending it for one silence count it once.
      const watcher = await seatOf(db);
      const both = await Promise.all([
        beatAndEndSilent(live.client, live.id, 60_000),
        beatAndEndSilent(watcher.client, watcher.id, 60_000),
      ]);
      assert.ok(both.flat().includes(hung.id));
      assert.equal(await evictions(db, hung), 1);
      assert.equal(await ended, 'ended');
      await until("the unit's row is free", () => rowFree(db, 'spot:A'));
      await other.query('rollback');
      other.release();
      await live.client.query('select 1');
      hung.client.release(true);
      live.client.release(true);
      watcher.client.release(true);
    });

    test('a unit a live server has just taken is left alone, and the batch its silent last owner left open is ended', async () => {
      const db = await open();
      const last = await seatOf(db);
      const ownership = await own(db, last, 'spot:C');
      const batch = await openBatch(db, ownership);
      // The last owner's seat is gone (its lock with it), its batch is not, and it is silent.
      last.client.release(true);
      await silence(db, last);
      // A live server has just taken the unit's lock, and not yet claimed it.
      const taker = await seatOf(db);
      await taker.client.query('select pg_advisory_lock(hashtext($1))', [lockNameOf('spot:C')]);
      const watcher = await seatOf(db);
      assert.deepEqual(await beatAndEndSilent(watcher.client, watcher.id, 60_000), [last.id]);
      await assert.rejects(batch.query('commit'), 'the batch left open was ended');
      await taker.client.query('select 1');
      // Its claim goes through, and names it.
      await until("the unit's row is free", () => rowFree(db, 'spot:C'));
      await claimMarket(db, 'spot:C');
      const { rows } = await sql<{ server: string }>`
        select server from market_owners where market = 'spot:C'`.execute(db);
      assert.deepEqual(rows, [{ server: taker.id }]);
      // Once that server falls silent itself, it is ended.
      await silence(db, taker);
      assert.deepEqual(await beatAndEndSilent(watcher.client, watcher.id, 60_000), [taker.id]);
      await assert.rejects(taker.client.query('select 1'), 'the seat connection was ended');
      batch.release(true);
      taker.client.release(true);
      watcher.client.release(true);
    });

    test("a unit's owner is as silent as its server, counted from the claim at the latest", async () => {
      const db = await open();
      assert.equal(await ownerSilenceMs(db, 'spot:D'), null, 'never owned');
      const seat = await seatOf(db);
      await own(db, seat, 'spot:D');
      assert.ok(((await ownerSilenceMs(db, 'spot:D')) ?? Number.POSITIVE_INFINITY) < 60_000);
      await silence(db, seat);
      await sql`update market_owners set beat_at = now() - interval '3 minutes'
        where market = 'spot:D'`.execute(db);
      const silent = (await ownerSilenceMs(db, 'spot:D')) ?? 0;
      assert.ok(silent >= 120_000 && silent < 180_000, `silent ${silent} ms: since its last beat`);
      await beatAndEndSilent(seat.client, seat.id, 600_000);
      assert.ok(((await ownerSilenceMs(db, 'spot:D')) ?? Number.POSITIVE_INFINITY) < 60_000);
      seat.client.release(true);
    });

    test('a follower reads the owner heard at most once a while, and an owner not heard again at once', async () => {
      const db = await open();
      const watch = new OwnerSilence(db, 'spot:E', 60_000);
      assert.equal(await watch.heardWithin(10_000), false, 'never owned');
      const seat = await seatOf(db);
      await own(db, seat, 'spot:E');
      assert.equal(await watch.heardWithin(10_000), true, 'not heard: read again at once');
      await silence(db, seat);
      await sql`update market_owners set beat_at = now() - interval '3 minutes'
        where market = 'spot:E'`.execute(db);
      assert.equal(await watch.heardWithin(10_000), true, 'heard a moment ago: not read again');
      assert.equal(await new OwnerSilence(db, 'spot:E', 0).heardWithin(10_000), false);
      seat.client.release(true);
    });
  },
  { drivers: ['postgres'] },
);

/** Whether `market`'s owners' row can be locked now (no open transaction holds it). */
async function rowFree(db: Database, market: string): Promise<boolean> {
  try {
    await sql`select 1 from market_owners where market = ${market} for update nowait`.execute(db);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return false;
    throw error;
  }
}

/** Whether the connection `pid` waits for a lock. */
async function waitsOnLock(db: Database, pid: number): Promise<boolean> {
  const { rows } = await sql<{ waiting: boolean }>`
    select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = ${pid}`.execute(
    db,
  );
  return rows[0]?.waiting === true;
}
