/**
 * What counting the API rate limit in PostgreSQL costs: `users.getInfo` through `app.inject` on
 * a PostgreSQL database, with the API limiter in memory and in the database (limiterStores.ts).
 * `node --import tsx bench/limits.ts` prints the table alone; it needs PostgreSQL installed or
 * TEST_DATABASE_URL.
 */
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type LimiterMaker,
  memoryLimiters,
  postgresLimiters,
} from '../server/http/limiterStores.ts';
import { createServer, loadConfig } from '../server/index.ts';
import { type Database, openDatabase, postgresPool } from '../server/storage/db.ts';
import { createScratchDatabase, startPostgres } from '../test/postgres.ts';
import { median } from './median.ts';

/** One store's figures. */
export interface LimitFigures {
  store: string;
  /** Median of the rounds' mean time per call. */
  perCallMs: number;
}

const ROUNDS = 5;

/** Times `calls` getInfo calls per round, memory and PostgreSQL limiters taking turns. */
export async function benchLimits(calls = 2000): Promise<LimitFigures[] | null> {
  const postgres = await startPostgres();
  if (postgres === null) return null;
  const scratch = await createScratchDatabase(postgres.url, 'exchange_bench');
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
  try {
    const pool = postgresPool(db);
    if (pool === null) throw new Error('the bench database is not PostgreSQL');
    const stores: [string, LimiterMaker][] = [
      ['memory', memoryLimiters],
      ['PostgreSQL', postgresLimiters(pool)],
    ];
    const times = new Map<string, number[]>(stores.map(([name]) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, limiters] of stores) {
        times.get(name)?.push(await timeCalls(db, limiters, calls));
      }
    }
    return stores.map(([store]) => ({ store, perCallMs: median(times.get(store) ?? []) }));
  } finally {
    await db.destroy();
    await scratch.drop();
    await postgres.stop();
  }
}

// The mean milliseconds per call of `calls` getInfo calls, one after another, from one IP.
async function timeCalls(db: Database, limiters: LimiterMaker, calls: number): Promise<number> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_ACCOUNT: 'off',
    DEMO_MARKET: 'off',
    SITE_DIR: '/nonexistent/site',
    // High enough that no call is refused: the cost of counting is measured, not of refusing.
    API_RATE_LIMIT: String(calls * 10),
  });
  const app = await createServer(config, db, { limiters });
  try {
    const token = await signUp(app);
    const payload = JSON.stringify({ method: 'users.getInfo', token, subId: '' });
    const inject = () =>
      app.inject({
        method: 'POST',
        url: '/api',
        headers: { 'content-type': 'text/plain' },
        payload,
        remoteAddress: '10.70.0.1',
      });
    await inject();
    const started = performance.now();
    for (let i = 0; i < calls; i++) {
      const response = await inject();
      if (response.statusCode !== 200) throw new Error(`getInfo answered ${response.statusCode}`);
    }
    return (performance.now() - started) / calls;
  } finally {
    await app.close();
  }
}

let accounts = 0;

// A fresh account's session token.
async function signUp(app: Awaited<ReturnType<typeof createServer>>): Promise<string> {
  accounts += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({
      method: 'users.signUp',
      token: '',
      subId: '',
      email: `limits${accounts}.${process.pid}@example.com`,
      password: 'correct horse battery',
    }),
    remoteAddress: `10.71.0.${accounts}`,
  });
  const body = JSON.parse(response.body) as { token?: string };
  if (typeof body.token !== 'string') throw new Error(`signUp failed: ${response.body}`);
  return body.token;
}

/** The figures as the measurements page prints them. */
export function limitsTable(
  figures: LimitFigures[] | null,
  calls: number,
  machine: string,
): string {
  if (figures === null) return 'PostgreSQL not installed: the rate limit stores were not compared.';
  const [memory, shared] = figures;
  const extra = memory && shared ? shared.perCallMs - memory.perCallMs : 0;
  return [
    `\`users.getInfo\` through \`app.inject\` on PostgreSQL, ${calls.toLocaleString('en-US')} calls one`,
    `after another from one IP, median of ${ROUNDS} rounds, with the API rate limit counted in`,
    `memory and in PostgreSQL (${machine}).`,
    '',
    '| API limit counted in | per call | calls/s |',
    '|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.store} | ${f.perCallMs.toFixed(3)} ms | ${Math.round(1000 / f.perCallMs).toLocaleString('en-US')} |`,
    ),
    '',
    `Counting in PostgreSQL adds ${extra.toFixed(3)} ms a call: one upsert on the server's pool.`,
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  const calls = 2000;
  console.log(
    limitsTable(
      await benchLimits(calls),
      calls,
      `${cpus().length} cores, Node ${process.versions.node}`,
    ),
  );
}
