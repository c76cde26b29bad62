/**
 * Opens the database: PGlite (Postgres in WebAssembly, on a thread of its own) in a folder or in
 * memory by default, or a real PostgreSQL server when a URL is given. Both speak the same SQL
 * and, with the parsers set here and in pgliteThread.mjs, return the same JS types: numeric as
 * decimal strings, int8 as numbers, timestamptz as Date, json/jsonb parsed.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { migrate } from './migrations.ts';
import { PgliteThreadDialect } from './PgliteThreadDialect.ts';
import { PreparingClient } from './preparedStatements.ts';
import type { Schema } from './schema.ts';

/** The query builder every server module receives. */
export type Database = Kysely<Schema>;

/** A database handle or an open transaction on it; storage helpers accept either. */
export type Queryable = Kysely<Schema> | Transaction<Schema>;

/** The part of the configuration that picks and locates the database. */
export type DatabaseConfig = Pick<Config, 'dataDir' | 'databaseUrl'>;

// int8 carries ids and counts, all far below 2^53: numbers are friendlier than strings or BigInt.
// PGlite otherwise answers a number or a BigInt depending on size, and pg a string.
const INT8_OID = 20;
const int8 = (text: string): number => Number(text);

// The pool behind each PostgreSQL handle, for code that must share it (the rate limits' store).
const pools = new WeakMap<Database, pg.Pool>();

/** How long a request waits for a new connection to PostgreSQL before it is refused. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * How long a connection may sit in an open transaction, sending nothing, before PostgreSQL ends
 * it. A server that hangs (its event loop stuck, its process stopped) keeps its connections, and
 * a transaction it left open keeps its row locks: every server waiting on those rows (a market's
 * owners' row, an account's balances) would wait as long as the hang lasts. No transaction of
 * ours pauses this long between two statements; ended, it rolls back whole like any other.
 */
export const IDLE_TRANSACTION_LIMIT_MS = 30_000;

/**
 * Whether `error` says the database is out of reach (refused, timed out, cut, shutting down)
 * rather than that a query was wrong: such a request did nothing, and may be tried again.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Node's socket errors, and SQLSTATE class 08 (connection exception) and 57P0x (shutdown).
    if (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EPIPE)$/.test(code))
      return true;
    if (/^08|^57P0[1-3]$/.test(code)) return true;
  }
  // node-postgres says these in words only.
  return /timeout exceeded when trying to connect|Connection terminated/i.test(error.message);
}

/** The connection pool behind `db` when it is on PostgreSQL; null on PGlite. */
export function postgresPool(db: Database): pg.Pool | null {
  return pools.get(db) ?? null;
}

/** Opens the configured database and applies pending migrations. */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const db =
    config.databaseUrl === null
      ? await openPglite(config.dataDir)
      : openPostgres(config.databaseUrl);
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

async function openPglite(dataDir: string): Promise<Database> {
  const where = dataDir === ':memory:' ? undefined : resolve(dataDir);
  // PGlite creates only the last folder of the path itself.
  if (where !== undefined) await mkdir(dirname(where), { recursive: true });
  if (where !== undefined && !existsSync(join(where, 'PG_VERSION'))) await createPglite(where);
  // On a thread of its own: see PgliteThreadDialect. Its int8 parser is set there.
  return new Kysely<Schema>({ dialect: new PgliteThreadDialect(where) });
}

/**
 * Creates and migrates a new data folder in a process of its own (newDatabase.ts), so the memory
 * that takes goes back to the system when that process ends; the server then opens the folder.
 */
async function createPglite(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./newDatabase.ts', import.meta.url));
  // The TypeScript loader by its location, so the server may run from any working directory.
  const loader = import.meta.resolve('tsx');
  const child = spawn(process.execPath, ['--import', loader, script, dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`could not create the database: ${lastLine(errors)}`);
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1) ?? '';
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    // A database out of reach fails a request within this time instead of holding it open.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_TRANSACTION_LIMIT_MS,
    // Each connection prepares the statements it sends repeatedly (see preparedStatements.ts).
    Client: PreparingClient,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? int8
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection (server restart) must not crash the process; the pool
  // replaces it and the next query reports any lasting problem.
  pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
  // The pool listens for errors only on idle clients. A connection lost while a client is checked
  // out (a database restart, a cut network) would raise an 'error' event nobody hears, which
  // ends the process; its query fails and the pool drops the client on release all the same.
  pool.on('connect', (client) =>
    client.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`)),
  );
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}
