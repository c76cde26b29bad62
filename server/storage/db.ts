/**
 * Opens the database: PGlite (Postgres in WebAssembly, on a thread of its own) in a folder or in
 * memory by default, or a real PostgreSQL server when a URL is given. Both speak the same SQL
 * and, with the parsers set here and in pgliteThread.mjs, return the same JS types: numeric as
 * decimal strings, int8 as numbers, timestamptz as Date, json/jsonb parsed.
 */
import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { migrate } from './migrations.ts';
import { PgliteThreadDialect } from './PgliteThreadDialect.ts';
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
  // On a thread of its own: see PgliteThreadDialect. Its int8 parser is set there.
  return new Kysely<Schema>({ dialect: new PgliteThreadDialect(where) });
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
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
  // A client lent out (a transaction, a query under way) whose connection dies emits 'error'
  // too, where the pool no longer listens: unheard, that ends the process. The query under way
  // fails with the error all the same, and the pool discards the client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}
