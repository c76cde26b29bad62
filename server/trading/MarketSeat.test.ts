/**
 * A server's seat on a shared database: while it runs, its seat lock says it lives; once it is
 * closed, no connection holds that lock any more, so the other servers stop counting it live
 * (fair shares) and never end a connection in its name, even when the closed server shared their
 * connection pool (tests open a second server on one database).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import { testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { SEAT_LOCK_PREFIX } from './ownership.ts';

/** The servers whose seat lock some connection holds. */
async function seatedServers(db: Database): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select m.id from market_servers m join pg_locks l
      on l.locktype = 'advisory' and l.granted
        and l.objid::bigint = (hashtext(${SEAT_LOCK_PREFIX} || m.id)::bigint & 4294967295)
    order by m.id`.execute(db);
  return rows.map((row) => row.id);
}

forEachDatabase(
  (open) => {
    test('a closed server no longer holds its seat, even on a pool it shared', async () => {
      const db = await open();
      const first = await createServer(testConfig(), db);
      try {
        const [alone] = await seatedServers(db);
        assert.ok(alone, 'the first server holds its seat');
        const second = await createServer(testConfig(), db);
        assert.equal((await seatedServers(db)).length, 2, 'both servers hold their seats');
        await second.close();
        assert.deepEqual(
          await seatedServers(db),
          [alone],
          'only the running server holds its seat',
        );
      } finally {
        await first.close();
      }
    });
  },
  { drivers: ['postgres'] },
);
