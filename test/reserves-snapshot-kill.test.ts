/**
 * A snapshot of reserves killed with SIGKILL after writing every row but before its commit
 * leaves no snapshot, no leaf and no node behind, and the next snapshot is taken as usual. On
 * PostgreSQL, where another process can hold the database while this one reads it.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import { seed } from '../server/content/seed.ts';
import { takeSnapshot } from '../server/reserves/takeSnapshot.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import type { ScratchDatabase } from './postgres.ts';
import { holder } from './reserves/holders.ts';
import { testConfig } from './serverTesting.ts';

const CHILD = new URL('./reserves/snapshotChild.ts', import.meta.url).pathname;

forEachDatabase(
  () => {
    let scratch: ScratchDatabase;
    let db: Database;

    before(async () => {
      scratch = await scratchPostgres();
      db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
      await seed(db, testConfig());
      for (let index = 0; index < 20; index += 1) await holder(db, { BTC: `${index + 1}` });
    });
    after(async () => {
      await db.destroy();
      await scratch.drop();
    });

    test('killed before its commit, a snapshot leaves nothing', async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
        env: { ...process.env, DATABASE_URL: scratch.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let said = '';
      child.stdout.setEncoding('utf8');
      const written = new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: string) => {
          said += chunk;
          if (said.includes('written')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`child ended (${code}) before writing`)));
      });
      await written;
      // The rows are there, uncommitted, in the child's open transaction.
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
      const counts = await Promise.all(
        (['reserve_snapshots', 'reserve_totals', 'reserve_leaves', 'reserve_nodes'] as const).map(
          async (table) =>
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
        ),
      );
      assert.deepEqual(counts.map(Number), [0, 0, 0, 0]);
      const taken = await takeSnapshot(db, { takenBy: null });
      assert.equal(taken.accounts, 20);
    });
  },
  { drivers: ['postgres'] },
);
