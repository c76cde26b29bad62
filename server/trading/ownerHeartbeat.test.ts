import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import { until } from '../../test/supportTesting.ts';
import { type Database, postgresPool } from '../storage/db.ts';
import { evictSilentOwner } from './ownerHeartbeat.ts';
import { batchLockOf, claimMarket, lockNameOf, lockUnits, SEAT_LOCK_PREFIX } from './ownership.ts';

// Only PostgreSQL has several servers, and so an owner the others can find silent.
forEachDatabase(
  (open) => {
    test('an owner silent past the limit loses the connection holding its lock; a live one does not', async () => {
      const db = await open();
      const pool = postgresPool(db);
      assert.ok(pool);
      // A stand-in owner: the market's lock on a connection of its own.
      const owner = await pool.connect();
      owner.on('error', () => {});
      await owner.query('select pg_advisory_lock(hashtext($1))', [lockNameOf('test')]);
      await claimMarket(db, 'test');
      assert.equal(await evictSilentOwner(db, 'test', 60_000), false, 'it spoke just now');
      await owner.query('select 1');

      // Silent for two minutes, with a batch left open on the owners' row.
      await sql`update market_owners set beat_at = now() - interval '2 minutes'
        where market = 'test'`.execute(db);
      const batch = await pool.connect();
      batch.on('error', () => {});
      await batch.query('begin');
      await batch.query(`update market_owners set batch = batch + 1 where market = 'test'`);
      assert.equal(await evictSilentOwner(db, 'test', 60_000), true);
      await assert.rejects(owner.query('select 1'), 'the lock connection was ended');
      await assert.rejects(batch.query('commit'), 'the batch left open was ended');
      owner.release(true);
      batch.release(true);
      const { rows } = await sql<{ held: boolean }>`
        select pg_try_advisory_lock(hashtext(${lockNameOf('test')})) as held`.execute(db);
      assert.deepEqual(rows, [{ held: true }], 'the lock is free for a new owner');
      await claimMarket(db, 'test');
    });

    test("a hung unit owner's batch over two units, waiting on the second unit's row, is ended with its lock", async () => {
      const db = await open();
      const pool = postgresPool(db);
      assert.ok(pool);
      const owner = await pool.connect();
      owner.on('error', () => {});
      await owner.query('select pg_advisory_lock(hashtext($1))', [lockNameOf('spot:A')]);
      const ownership = await claimMarket(db, 'spot:A');
      await claimMarket(db, 'spot:B');
      // Its owner has been silent long.
      await sql`update market_owners set beat_at = now() - interval '2 minutes'
        where market = 'spot:A'`.execute(db);
      // Another unit's batch in flight holds the second unit's row.
      const other = await pool.connect();
      await other.query('begin');
      await other.query(`select 1 from market_owners where market = 'spot:B' for update`);
      // The swap's batch locks its own unit's row, then waits on the second's: its owner hangs.
      let batchPid = 0;
      const batch = db.transaction().execute(async (trx) => {
        batchPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]
          ?.pid as number;
        await lockUnits(trx, ownership, ['spot:B']);
      });
      const ended = batch.then(
        () => 'committed',
        () => 'ended',
      );
      await until('the batch waits on the second unit', () => waitsOnLock(db, batchPid));
      assert.equal(await evictSilentOwner(db, 'spot:A', 60_000, true), true);
      assert.equal(await ended, 'ended');
      // Its unit's row is free for the next owner's claim, as soon as the ended backend is gone.
      await until("the unit's row is free", () => rowFree(db, 'spot:A'));
      await other.query('rollback');
      other.release();
      owner.release(true);
    });

    test('a unit whose holder still says it lives is left alone, and the batch its silent last owner left open is ended', async () => {
      const db = await open();
      const pool = postgresPool(db);
      assert.ok(pool);
      // The unit's last owner left a batch open and fell silent.
      const last = await claimMarket(db, 'spot:C');
      const batch = await pool.connect();
      batch.on('error', () => {});
      await batch.query('begin');
      await batch.query('select pg_advisory_xact_lock_shared(hashtext($1))', [batchLockOf(last)]);
      await sql`update market_owners set beat_at = now() - interval '2 minutes'
        where market = 'spot:C'`.execute(db);
      // A live server has just taken its lock, and not yet claimed it.
      const id = randomUUID();
      const seat = await pool.connect();
      seat.on('error', () => {});
      await seat.query('select pg_advisory_lock(hashtext($1))', [`${SEAT_LOCK_PREFIX}${id}`]);
      await sql`insert into market_servers (id) values (${id})`.execute(db);
      await seat.query('select pg_advisory_lock(hashtext($1))', [lockNameOf('spot:C')]);
      assert.equal(await evictSilentOwner(db, 'spot:C', 60_000, true), true);
      await assert.rejects(batch.query('commit'), 'the batch left open was ended');
      await seat.query('select 1');
      // Once the server itself falls silent, it is ended.
      await sql`update market_servers set beat_at = now() - interval '2 minutes'
        where id = ${id}`.execute(db);
      assert.equal(await evictSilentOwner(db, 'spot:C', 60_000, true), true);
      await assert.rejects(seat.query('select 1'), 'the seat connection was ended');
      seat.release(true);
      batch.release(true);
    });
  },
  { drivers: ['postgres'] },
);

/** Whether the connection `pid` waits for a lock. */
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

async function waitsOnLock(db: Database, pid: number): Promise<boolean> {
  const { rows } = await sql<{ waiting: boolean }>`
    select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = ${pid}`.execute(
    db,
  );
  return rows[0]?.waiting === true;
}
