/**
 * The demo market's past for `npm run bench`: how long playing it takes on a fresh database, the
 * rows it writes and how much the data folder grows, on PGlite (the first `npm start`) and on
 * PostgreSQL. `node --import tsx bench/demoPast.ts [hours]` prints the table alone.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { PAIR_SYMBOLS } from '../core/markets/pairs.ts';
import { createServer } from '../server/app.ts';
import { ReferralFeeSplit } from '../server/referral/ReferralFeeSplit.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { MAKER_FUNDS, TAKER_FUNDS } from '../server/trading/demo/DemoMarket.ts';
import { PAST_DEFAULTS, playPast } from '../server/trading/demo/DemoPast.ts';
import { ensureTrader, MARKET_MAKER, TAKER } from '../server/trading/demo/ensureTrader.ts';
import { Funding } from '../server/trading/demo/Funding.ts';
import { Halt } from '../server/trading/demo/Halt.ts';
import { Market } from '../server/trading/Market.ts';
import { testConfig } from '../test/serverTesting.ts';
import { databases } from './spot.ts';

const HOUR_MS = 3_600_000;

/** One database's figures. */
export interface PastFigures {
  database: string;
  hours: number;
  stepMs: number;
  steps: number;
  seconds: number;
  trades: number;
  orders: number;
  entries: number;
  /** Growth of the data folder in bytes (PGlite) or of the database (PostgreSQL). */
  grownBytes: number;
}

async function rowCounts(db: Database) {
  const count = (table: 'trades' | 'orders' | 'ledger_entries') =>
    db
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => row.n);
  return {
    trades: await count('trades'),
    orders: await count('orders'),
    entries: await count('ledger_entries'),
  };
}

async function sizeOf(db: Database, dataDir: string | null): Promise<number> {
  if (dataDir !== null) {
    await sql`checkpoint`.execute(db);
    return Number(execFileSync('du', ['-sb', dataDir], { encoding: 'utf8' }).split('\t')[0]);
  }
  const row = await sql<{
    size: string;
  }>`select pg_database_size(current_database())::text as size`.execute(db);
  return Number(row.rows[0]?.size ?? 0);
}

/** Plays `hours` of past on a fresh database of the named kind. */
async function measure(
  name: string,
  open: () => Promise<{ db: Database; dataDir: string | null; remove(): Promise<void> }>,
  hours: number,
  stepMs: number,
): Promise<PastFigures> {
  const { db, dataDir, remove } = await open();
  try {
    const config = testConfig();
    // Seeds the currencies and their prices, as a first start does; then nothing trades.
    await (await createServer(config, db)).close();
    const before = await sizeOf(db, dataDir);
    const market = await Market.open(db, config.fees, new ReferralFeeSplit(config.referralShare));
    const log = Fastify({ logger: false }).log;
    const makerId = await ensureTrader(db, MARKET_MAKER);
    const takerId = await ensureTrader(db, TAKER);
    if (makerId === null || takerId === null) throw new Error('no demo traders');
    const traders = {
      makerId,
      takerId,
      makerFunding: new Funding(db, MAKER_FUNDS),
      takerFunding: new Funding(db, TAKER_FUNDS),
      random: Math.random,
      log,
    };
    const began = performance.now();
    const settings = { hours, stepMs };
    const played = await playPast(
      market,
      PAIR_SYMBOLS,
      db,
      traders,
      settings,
      Date.now() - hours * HOUR_MS,
      new Halt(),
    );
    const seconds = (performance.now() - began) / 1000;
    await market.settled();
    const after = await sizeOf(db, dataDir);
    return {
      database: name,
      hours,
      stepMs,
      steps: played.steps,
      seconds,
      ...(await rowCounts(db)),
      grownBytes: after - before,
    };
  } finally {
    await db.destroy();
    await remove();
  }
}

/** Plays the past on every database the machine has. */
export async function benchDemoPast(
  hours = PAST_DEFAULTS.hours,
  stepMs = PAST_DEFAULTS.stepMs,
): Promise<PastFigures[]> {
  const dbs = await databases();
  const figures: PastFigures[] = [];
  try {
    for (const name of dbs.names) {
      figures.push(
        await measure(
          name,
          async () => {
            const fresh = await dbs.fresh(name);
            const { place } = fresh;
            const db = await openDatabase(
              'url' in place
                ? { databaseUrl: place.url, dataDir: ':memory:' }
                : { databaseUrl: null, dataDir: place.dataDir },
            );
            return { db, dataDir: 'url' in place ? null : place.dataDir, remove: fresh.remove };
          },
          hours,
          stepMs,
        ),
      );
    }
  } finally {
    await dbs.stop();
  }
  return figures;
}

/** The figures as the measurements document shows them. */
export function demoPastTable(figures: readonly PastFigures[], machine: string): string {
  const n = (value: number) => Math.round(value).toLocaleString('en-US');
  const first = figures[0];
  const minutes = (first?.stepMs ?? PAST_DEFAULTS.stepMs) / 60_000;
  return [
    `The demo market's past on a fresh database: ${first?.hours ?? PAST_DEFAULTS.hours} h, a step`,
    `every ${minutes} simulated minute${minutes === 1 ? '' : 's'} (a trade on every pair each), played through the`,
    `market's batches as a first start does; growth is the data folder's on PGlite (WAL included),`,
    `the database's on PostgreSQL (${machine}).`,
    '',
    '| database | steps | time | trades | orders | ledger entries | database growth |',
    '|---|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.database} | ${n(f.steps)} | ${f.seconds.toFixed(1)} s | ${n(f.trades)} | ${n(f.orders)} | ${n(f.entries)} | ${(f.grownBytes / 1e6).toFixed(1)} MB |`,
    ),
  ].join('\n');
}

if (process.argv[1] === resolve(fileURLToPath(import.meta.url))) {
  const hours = Number(process.argv[2] ?? PAST_DEFAULTS.hours);
  const stepMs = Number(process.argv[3] ?? PAST_DEFAULTS.stepMs);
  const machine = `${cpus().length} cores, Node ${process.versions.node}`;
  console.log(demoPastTable(await benchDemoPast(hours, stepMs), machine));
}
