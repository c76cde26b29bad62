/**
 * Where rate limits count. PGlite serves one process, so its limits count in memory. PostgreSQL
 * may serve many server processes, and a limit counted per process lets a client spread its tries
 * over them: there every limiter counts in the `rate_limits` table (rateLimitsMigration.ts), one
 * key prefix per limiter, on the server's own connection pool.
 */
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
} from 'rate-limiter-flexible';
import { type Database, postgresPool } from '../storage/db.ts';

/** How one limiter counts: `points` per `seconds`, under `name` (unique per server). */
export interface LimiterSpec {
  name: string;
  points: number;
  seconds: number;
  /**
   * Keep a key that spent its points refused in this process for the rest of its window, without
   * asking the store again. For limiters on every request (the API, support sends): a client
   * over the limit then costs no database round trip. Not for limiters whose keys are released
   * early (a sign-in's success deletes its failures), since another server cannot lift the block.
   */
  blockInMemory?: boolean;
}

/** Makes the limiters of one server. */
export type LimiterMaker = (spec: LimiterSpec) => RateLimiterAbstract;

/** Limiters in this process's memory, for one server alone on its database. */
export const memoryLimiters: LimiterMaker = ({ points, seconds }) =>
  new RateLimiterMemory({ points, duration: seconds });

/** The limiters fit for `db`: in PostgreSQL when it is PostgreSQL, else in memory. */
export function limitersFor(db: Database): LimiterMaker {
  const pool = postgresPool(db);
  return pool === null ? memoryLimiters : postgresLimiters(pool);
}

/** The table every PostgreSQL limiter counts in. */
export const RATE_LIMITS_TABLE = 'rate_limits';

/**
 * Limiters in PostgreSQL, shared by every server on the database. The migration made the table,
 * so the library creates nothing at run time; sweepRateLimits deletes old rows once per server
 * instead of once per limiter. Should a query fail, a limiter in memory counts meanwhile (the
 * library's insurance), so a lost connection degrades the limit to one process instead of
 * turning every limited call into a server error.
 */
export function postgresLimiters(pool: pg.Pool): LimiterMaker {
  return ({ name, points, seconds, blockInMemory = false }) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: RATE_LIMITS_TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points,
      duration: seconds,
      // At `points` spent the key is blocked here until its window ends; 0 turns that off.
      inMemoryBlockOnConsumed: blockInMemory ? points : 0,
      insuranceLimiter: new RateLimiterMemory({ points, duration: seconds }),
    });
}

const SWEEP_MS = 5 * 60_000;
const KEEP_EXPIRED_MS = 60 * 60_000;

/**
 * On PostgreSQL, deletes counts whose window ended over an hour ago, every five minutes until
 * `app` closes; on PGlite the limiters in memory drop their own.
 */
export function sweepRateLimits(app: FastifyInstance, db: Database): void {
  const pool = postgresPool(db);
  if (pool === null) return;
  const sweep = () =>
    pool
      .query(`delete from ${RATE_LIMITS_TABLE} where expire < $1`, [Date.now() - KEEP_EXPIRED_MS])
      .catch((error: Error) => app.log.warn(`Rate limit sweep failed: ${error.message}`));
  // Every server sweeps, not in turn: one DELETE, which skips the rows another server deleted.
  const timer = setInterval(sweep, SWEEP_MS);
  // A sweep missed at exit costs nothing: the next server's sweep deletes the same rows.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
