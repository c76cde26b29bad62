/**
 * Creates and migrates a new embedded database in `DATA_DIR`, then exits: `node --import tsx
 * server/storage/newDatabase.ts DATA_DIR`. db.ts runs it in a process of its own before it opens a
 * data folder that does not exist yet: creating a cluster and building every table and index
 * takes several hundred megabytes that a process does not give back afterwards, while opening
 * the finished folder takes a fraction of that.
 */
import { Kysely } from 'kysely';
import { migrate } from './migrations.ts';
import { PgliteThreadDialect } from './PgliteThreadDialect.ts';
import type { Schema } from './schema.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: newDatabase.ts DATA_DIR');
const db = new Kysely<Schema>({ dialect: new PgliteThreadDialect(dataDir) });
try {
  await migrate(db);
} catch (error) {
  // One line for the server to report (db.ts), not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
