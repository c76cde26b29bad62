import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import type { Database } from './db.ts';
import { LeaderLock } from './LeaderLock.ts';

const quiet = { info() {}, warn() {} } as never;
const RETRY_MS = 50;

/** A role that counts how many servers run it now. */
function counted() {
  const running = { now: 0, started: 0 };
  const lead = async () => {
    running.now += 1;
    running.started += 1;
    return {
      stop: async () => {
        running.now -= 1;
      },
    };
  };
  return { running, lead };
}

/** Waits until `check` holds, polling; fails naming `what` if it never does. */
async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (await check()) return;
    await sleep(20);
  }
  assert.fail(`never happened: ${what}`);
}

// Ends the connection that holds this database's advisory lock, as a dying server's would end.
async function killLeaderConnection(db: Database): Promise<void> {
  const { rows } = await sql<{ ended: boolean }>`
    select pg_terminate_backend(pid) as ended from pg_locks
    where locktype = 'advisory' and granted
      and database = (select oid from pg_database where datname = current_database())`.execute(db);
  assert.deepEqual(
    rows.map((row) => row.ended),
    [true],
  );
}

// Only PostgreSQL serves many processes; on PGlite a server leads alone (the demo market tests).
forEachDatabase(
  (open) => {
    test('one of three servers leads; when it closes or its connection dies, another takes over', async () => {
      const db = await open();
      const { running, lead } = counted();
      const hold = () => LeaderLock.hold(db, 'test role', lead, quiet, RETRY_MS);
      const locks = await Promise.all([hold(), hold(), hold()]);
      await sleep(3 * RETRY_MS);
      assert.equal(running.now, 1);
      assert.equal(locks.filter((lock) => lock.leading).length, 1);

      const first = locks.find((lock) => lock.leading);
      await first?.close();
      await until('another server leads', () => running.now === 1);
      assert.equal(running.started, 2);

      await killLeaderConnection(db);
      await until('a third start after the lost connection', () => running.started === 3);
      await sleep(3 * RETRY_MS);
      assert.equal(running.now, 1, 'the server that lost its connection stopped the role');

      await Promise.all(locks.map((lock) => lock.close()));
      assert.equal(running.now, 0);
    });
  },
  { drivers: ['postgres'] },
);
