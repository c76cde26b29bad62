/**
 * A process that takes a snapshot of reserves on the database at DATABASE_URL and, with every
 * row written but the transaction not yet committed, says "written" and waits to be killed.
 */

import { takeSnapshot } from '../../server/reserves/takeSnapshot.ts';
import { openDatabase } from '../../server/storage/db.ts';

const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL ?? null,
  dataDir: ':memory:',
});
await takeSnapshot(db, {
  takenBy: null,
  async beforeCommit() {
    process.stdout.write('written\n');
    await new Promise(() => {});
  },
});
