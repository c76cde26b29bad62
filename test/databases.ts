/**
 * Runs a group of tests once per database driver: PGlite in memory and a real PostgreSQL. Each
 * group gets a fresh, migrated database of its own; on PostgreSQL that is a uniquely named
 * database on one shared server, so many test files can share TEST_DATABASE_URL's server. Both
 * start as a copy of one migrated database (migratedTemplates.ts), and the migration runner then
 * runs on the copy and finds nothing left to do.
 *
 * Which files run twice, and why. PGlite is the default database and PostgreSQL the one
 * production runs; they share one SQL dialect, but not their concurrency: PGlite has a single
 * connection, so transactions take turns, while PostgreSQL runs them side by side, with row locks,
 * serialization and numeric types of its own. So a file runs on both when what it checks hangs on
 * that: money moving (the ledger, holds, orders and trades, transfers, deposits, withdrawals,
 * swaps, card purchases, P2P trades and margins, referral fee shares), the wallet's chain
 * watchers, and the fault runs that kill a server mid-write. Files about the rest (sign-in,
 * profiles, two-factor, support chat and uploads, content, KYC documents, the HTTP transport,
 * access levels) pass `PGLITE_ONLY` and run once, on PGlite: their SQL is plain reads and writes
 * of one row at a time, which both databases answer alike, and running them twice doubled their
 * time for nothing. `grep -rl PGLITE_ONLY` lists them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import { Kysely } from 'kysely';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { migrate } from '../server/storage/migrations.ts';
import { PgliteThreadDialect } from '../server/storage/PgliteThreadDialect.ts';
import type { Schema } from '../server/storage/schema.ts';
import { copyPgliteTemplate, postgresTemplate } from './migratedTemplates.ts';
import {
  createScratchDatabase,
  POSTGRES_MISSING_ON_CI,
  type PostgresServer,
  postgresAvailable,
  postgresRequired,
  type ScratchDatabase,
  startPostgres,
} from './postgres.ts';

/** The two drivers every server test runs against. */
export type Driver = 'pglite' | 'postgres';

/** Opens the group's database (the same one on every call); the helper closes it after the group. */
export type OpenDatabase = () => Promise<Database>;

/** The message printed when the PostgreSQL half is skipped (never on CI: there it fails). */
export const POSTGRES_SKIPPED = 'PostgreSQL binaries not found: skipping the PostgreSQL half';

let server: Promise<PostgresServer | null> | null = null;
let stopRegistered = false;

// One server per test file at most, started on first use and stopped when the file is done.
function sharedServer(): Promise<PostgresServer | null> {
  server ??= startPostgres();
  return server;
}

/** Which drivers a file's groups run on; both unless it says otherwise. */
export interface DatabaseChoice {
  drivers: readonly Driver[];
}

/** For files that neither move money nor lean on locking: once, on PGlite (see the file comment). */
export const PGLITE_ONLY: DatabaseChoice = { drivers: ['pglite'] };

const BOTH: DatabaseChoice = { drivers: ['pglite', 'postgres'] };

/** Registers `describe(driver)` for each chosen driver around `body`, each with a fresh database. */
export function forEachDatabase(
  body: (open: OpenDatabase, driver: Driver) => void,
  choice: DatabaseChoice = BOTH,
): void {
  if (!stopRegistered) {
    stopRegistered = true;
    // A root-level hook: it runs once every group of the file has finished.
    after(async () => {
      if (server !== null) await (await server)?.stop();
    });
  }
  for (const driver of choice.drivers) {
    const missing = driver === 'postgres' && !postgresAvailable();
    const skip = missing && !postgresRequired() ? POSTGRES_SKIPPED : false;
    if (skip) console.log(skip);
    describe(driver, { skip }, () => {
      // On CI the half runs anyway, and every case fails with the reason.
      if (missing)
        before(() => {
          throw new Error(POSTGRES_MISSING_ON_CI);
        });
      let opened: Promise<FreshDatabase> | null = null;
      const open: OpenDatabase = async () => {
        opened ??= driver === 'pglite' ? freshPglite() : freshPostgres();
        return (await opened).db;
      };
      if (driver === 'postgres') before(sharedServer);
      body(open, driver);
      after(async () => {
        if (opened !== null) await (await opened).close();
      });
    });
  }
}

/** A fresh, migrated test database and how to close it (and remove what it left on disk). */
export interface FreshDatabase {
  db: Database;
  close(): Promise<void>;
}

/**
 * As openDatabase opens PGlite on a data folder: a copy of the migrated template's folder in a
 * temporary folder of its own, removed by `close`. Loading the template's tarball into memory
 * instead cost twice the CPU (PGlite unpacks 40 MB file by file in JavaScript) and three times
 * the memory per test process. A test that needs a PGlite database outside `forEachDatabase`'s
 * groups (a server of its own, a file that runs once) takes one from here too: opening
 * `dataDir: ':memory:'` would create a cluster and run every migration again (2.7 against 1.4
 * CPU-seconds).
 */
export async function freshPglite(): Promise<FreshDatabase> {
  const folder = await mkdtemp(join(tmpdir(), 'exchange-test-pglite-'));
  const removeFolder = () => rm(folder, { recursive: true, force: true });
  const dataDir = join(folder, 'db');
  let db: Kysely<Schema>;
  try {
    await copyPgliteTemplate(dataDir);
    db = new Kysely<Schema>({ dialect: new PgliteThreadDialect(dataDir) });
  } catch (error) {
    await removeFolder();
    throw error;
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    await removeFolder();
    throw error;
  }
  return {
    db,
    async close() {
      await db.destroy();
      await removeFolder();
    },
  };
}

async function freshPostgres(): Promise<FreshDatabase> {
  const scratch = await scratchPostgres();
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
  return {
    db,
    async close() {
      await db.destroy();
      await scratch.drop();
    },
  };
}

/**
 * A fresh, migrated database on the file's shared PostgreSQL server, for a test that hands the
 * URL to a server process of its own; only inside `forEachDatabase`'s postgres group.
 */
export async function scratchPostgres(): Promise<ScratchDatabase> {
  const running = await sharedServer();
  if (running === null) throw new Error(POSTGRES_SKIPPED);
  return createScratchDatabase(running.url, 'exchange_test', await postgresTemplate(running.url));
}
