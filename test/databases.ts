/**
 * Runs a group of tests once per database driver: PGlite in memory and a real PostgreSQL. Each
 * group gets a fresh, migrated database of its own; on PostgreSQL that is a uniquely named
 * database on one shared server, so many test files can share TEST_DATABASE_URL's server.
 */
import { after, before, describe } from 'node:test';
import { type Database, openDatabase } from '../server/storage/db.ts';
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

/** Registers `describe(driver)` for each driver around `body`, each with a fresh database. */
export function forEachDatabase(body: (open: OpenDatabase, driver: Driver) => void): void {
  if (!stopRegistered) {
    stopRegistered = true;
    // A root-level hook: it runs once every group of the file has finished.
    after(async () => {
      if (server !== null) await (await server)?.stop();
    });
  }
  for (const driver of ['pglite', 'postgres'] as const) {
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

interface FreshDatabase {
  db: Database;
  close(): Promise<void>;
}

async function freshPglite(): Promise<FreshDatabase> {
  const db = await openDatabase({ databaseUrl: null, dataDir: ':memory:' });
  return { db, close: () => db.destroy() };
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
 * A fresh, empty database on the file's shared PostgreSQL server, for a test that hands the URL
 * to a server process of its own; only inside `forEachDatabase`'s postgres group.
 */
export async function scratchPostgres(): Promise<ScratchDatabase> {
  const running = await sharedServer();
  if (running === null) throw new Error(POSTGRES_SKIPPED);
  return createScratchDatabase(running.url, 'exchange_test');
}
