/**
 * Background work on a database several servers may share. On PostgreSQL any number of servers
 * can run against one database, so a sweep that must happen once (a devnet block, a withdrawal
 * run) takes a turn under an advisory lock; on PGlite the server is alone and simply runs it.
 */
import { sql } from 'kysely';
import { type Database, postgresPool } from './db.ts';

/** True when other servers may run against `db` too: it is PostgreSQL, not PGlite. */
export function isSharedDatabase(db: Database): boolean {
  return postgresPool(db) !== null;
}

/**
 * Runs `job` as the one server doing it now, when several share a PostgreSQL database: under a
 * transaction-scoped advisory lock named `name`, or not at all (null) while another holds it.
 * The lock lives on a connection of its own while the job uses others, so never call this on
 * PGlite: its one connection would wait on itself (inTurnWhenShared chooses).
 */
export async function inTurn<T>(
  db: Database,
  name: string,
  job: () => Promise<T>,
): Promise<T | null> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ leader: boolean }>`
      select pg_try_advisory_xact_lock(hashtext(${name})) as leader`.execute(trx);
    return rows[0]?.leader ? job() : null;
  });
}

/** `job` in turn (inTurn) on a shared database, or simply run on PGlite, where it is alone. */
export function inTurnWhenShared<T>(
  db: Database,
  name: string,
  job: () => Promise<T>,
): Promise<T | null> {
  return isSharedDatabase(db) ? inTurn(db, name, job) : job();
}

/**
 * Runs `job` when no other server sharing the database runs the job of that `name`, waiting for
 * its turn (a transaction-scoped advisory lock, like inTurn's, but waited for): for start-up work
 * two servers started together must not do at once. On PGlite the server is alone.
 */
export async function afterOthers<T>(
  db: Database,
  name: string,
  job: () => Promise<T>,
): Promise<T> {
  if (!isSharedDatabase(db)) return job();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
    return job();
  });
}
