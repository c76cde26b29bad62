import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import { postgresPool } from '../storage/db.ts';
import { evictSilentOwner } from './ownerHeartbeat.ts';
import { claimMarket, lockNameOf } from './ownership.ts';

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
  },
  { drivers: ['postgres'] },
);
