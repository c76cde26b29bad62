/**
 * Orders per pair with the spot market spread over two servers (`MARKET_SPREAD=on`, each owning
 * four pairs) against the same two servers with one owner: two servers in this process on one
 * PostgreSQL database, resting buys on all eight pairs sent to both servers in turn,
 * `concurrency` at a time, each pair's by a trader of its own (as many accounts trade: one
 * account's orders wait on each other in any mode, since each batch locks the balances it
 * spends; `BENCH_SPREAD_TRADERS=one` measures that case). Per request latency (p50, p99) and
 * orders a second over the whole run. Run alone: `node --import tsx bench/spreadOrders.ts`
 * (TEST_DATABASE_URL names a server, else one starts).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PAIR_SYMBOLS } from '../core/markets/pairs.ts';
import type { Database } from '../server/storage/db.ts';
import { unitNameOf } from '../server/trading/units.ts';
import { startPostgres } from '../test/postgres.ts';
import { fundedAccount, testConfig } from '../test/serverTesting.ts';
import { writeMeasurements } from './measurementsDoc.ts';
import { median, percentile } from './median.ts';
import { placeInTurn, twoServers } from './ordersInTurn.ts';

/** One run's figures. */
export interface SpreadFigures {
  mode: 'one owner' | 'spread';
  concurrency: number;
  orders: number;
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
}

/**
 * Places `orders` resting buys over every pair, to the apps in turn, `concurrency` at a time;
 * the pair's trader (`tokens`, one per pair or one for all) places each.
 */
function time(
  apps: readonly FastifyInstance[],
  tokens: readonly string[],
  orders: number,
  concurrency: number,
): Promise<{ latencies: number[]; seconds: number }> {
  return placeInTurn(tokens[0] as string, orders, concurrency, (i) => {
    const pairIndex = Math.floor(i / apps.length) % PAIR_SYMBOLS.length;
    return {
      app: apps[i % apps.length] as FastifyInstance,
      token: tokens[pairIndex % tokens.length] as string,
      order: { pair: PAIR_SYMBOLS[pairIndex] as string, price: '0.1', amount: '60' },
    };
  });
}

/** Whether every pair's orders come from one trader (`BENCH_SPREAD_TRADERS=one`). */
const ONE_TRADER = process.env.BENCH_SPREAD_TRADERS === 'one';

/** Waits until every unit of a spread market is owned, by two servers. */
async function spreadOver(db: Database): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    const { rows } = await sql<{ pid: number; units: number }>`
      select l.pid, count(*)::int as units from unnest(${PAIR_SYMBOLS.map(unitNameOf)}::text[]) u (unit)
        join pg_locks l on l.locktype = 'advisory' and l.granted
          and l.objid::bigint = (hashtext('market:' || u.unit)::bigint & 4294967295)
        group by l.pid`.execute(db);
    const owned = rows.reduce((sum, row) => sum + row.units, 0);
    if (owned === PAIR_SYMBOLS.length && rows.length === 2) return;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error('the pairs were not spread over the two servers');
}

/** One mode's figures at each concurrency, on a database of its own. */
async function benchMode(
  url: string,
  mode: SpreadFigures['mode'],
  orders: number,
  concurrencies: readonly number[],
): Promise<SpreadFigures[]> {
  const cluster = await twoServers(
    url,
    `bench_spread_${mode === 'spread' ? 1 : 0}`,
    testConfig({ API_RATE_LIMIT: '0', MARKET_SPREAD: mode === 'spread' ? 'on' : 'off' }),
  );
  try {
    const { apps, dbs } = cluster;
    if (mode === 'spread') await spreadOver(dbs[0]);
    const tokens: string[] = [];
    for (const _ of ONE_TRADER ? [0] : PAIR_SYMBOLS) {
      tokens.push((await fundedAccount(apps[0], dbs[0], { USDT: '100000000' })).token);
    }
    const figures: SpreadFigures[] = [];
    for (const concurrency of concurrencies) {
      await time(apps, tokens, 32, concurrency);
      const { latencies, seconds } = await time(apps, tokens, orders, concurrency);
      figures.push({
        mode,
        concurrency,
        orders,
        p50Ms: median(latencies),
        p99Ms: percentile(latencies, 0.99),
        perSecond: orders / seconds,
      });
    }
    return figures;
  } finally {
    await cluster.close();
  }
}

/** Measures both modes at each concurrency. */
export async function benchSpreadOrders(
  orders: number,
  concurrencies: readonly number[],
): Promise<SpreadFigures[]> {
  const server = await startPostgres();
  if (server === null) throw new Error('no PostgreSQL to measure on');
  try {
    const one = await benchMode(server.url, 'one owner', orders, concurrencies);
    const spread = await benchMode(server.url, 'spread', orders, concurrencies);
    return [...one, ...spread];
  } finally {
    await server.stop();
  }
}

/** The figures as a Markdown table. */
export function spreadOrdersTable(figures: readonly SpreadFigures[], machine: string): string {
  return [
    `orders.place on all eight pairs through two servers in turn, ${ONE_TRADER ? 'one trader for all' : 'a trader per pair'}, in one process on one PostgreSQL, the market on one owner or spread over both (${machine}).`,
    '',
    '| market | concurrent | orders | p50 | p99 | orders/s |',
    '|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.mode} | ${f.concurrency} | ${f.orders} | ${f.p50Ms.toFixed(2)} ms | ${f.p99Ms.toFixed(2)} ms | ${f.perSecond.toFixed(0)} |`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { cpus } = await import('node:os');
  const figures = await benchSpreadOrders(Number(process.env.BENCH_ORDERS ?? 400), [1, 10]);
  const table = spreadOrdersTable(figures, `${cpus().length} cores, Node ${process.versions.node}`);
  console.log(table);
  if (process.argv.includes('--write')) writeMeasurements('spread', table);
}
