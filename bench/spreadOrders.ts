/**
 * Orders per pair with the spot market spread over two servers (`MARKET_SPREAD=on`, each owning
 * four pairs) against the same two servers with one owner: two server processes on one
 * PostgreSQL database, as a cluster runs them, resting buys on all eight pairs sent to both in
 * turn over HTTP, `concurrency` at a time, each pair's by a trader of its own (as many accounts
 * trade: one account's orders wait on each other in any mode, since each batch locks the balances
 * it spends; `BENCH_SPREAD_TRADERS=one` measures that case). Per request latency (p50, p99) and
 * orders a second over the whole run. Run alone: `node --import tsx bench/spreadOrders.ts`
 * (`--write` puts the table in docs/measurements.md; TEST_DATABASE_URL names a server, else one
 * starts).
 */
import { PAIR_SYMBOLS } from '../core/markets/pairs.ts';
import { loadConfig } from '../server/config.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { unitNameOf } from '../server/trading/units.ts';
import { Cluster, unitOwners } from '../test/cluster/servers.ts';
import { createScratchDatabase, startPostgres } from '../test/postgres.ts';
import { callApi, prepareTraders } from '../test/spot/traders.ts';
import { markWindow } from './marks.ts';
import { writeMeasurements } from './measurementsDoc.ts';
import { median, percentile } from './median.ts';
import { timeInTurn } from './ordersInTurn.ts';
import { processesOf } from './placement.ts';
import { sampleCpu } from './processCpu.ts';

/** One run's figures. */
export interface SpreadFigures {
  mode: 'one owner' | 'spread';
  concurrency: number;
  orders: number;
  p50Ms: number;
  p99Ms: number;
  perSecond: number;
  /** CPU per order, ms: both server processes, and PostgreSQL's sessions of the bench database. */
  serverCpuMs: number;
  databaseCpuMs: number;
}

/** Whether every pair's orders come from one trader (`BENCH_SPREAD_TRADERS=one`). */
const ONE_TRADER = process.env.BENCH_SPREAD_TRADERS === 'one';

/**
 * Places `orders` resting buys over every pair, to the servers in turn, `concurrency` at a time,
 * each pair's by its trader (`tokens`: one per pair, or one for all); a refused order stops the
 * bench, since the figures would lie.
 */
function time(
  urls: readonly string[],
  tokens: readonly string[],
  orders: number,
  concurrency: number,
): Promise<{ latencies: number[]; seconds: number }> {
  return timeInTurn(orders, concurrency, async (i) => {
    const pairIndex = Math.floor(i / urls.length) % PAIR_SYMBOLS.length;
    const token = tokens[pairIndex % tokens.length] as string;
    const order = { pair: PAIR_SYMBOLS[pairIndex], side: 'buy', type: 'limit' };
    const answer = await callApi(urls[i % urls.length] as string, 'orders.place', token, {
      ...order,
      price: '0.1',
      amount: '60',
    });
    if (!answer.status) throw new Error(JSON.stringify(answer));
  });
}

/** Waits until the units of a spread market are owned half by each of the two servers. */
async function spreadOver(db: Database): Promise<void> {
  const units = PAIR_SYMBOLS.map(unitNameOf);
  for (let tries = 0; tries < 600; tries++) {
    const owners = [...(await unitOwners(db, units)).values()];
    // Each its fair share: the first up takes every pair and hands half on, one a second.
    const first = owners.filter((server) => server === 'server1').length;
    if (owners.length === units.length && first === units.length / 2) return;
    await new Promise((wake) => setTimeout(wake, 100));
  }
  throw new Error('the pairs were not spread over the two servers');
}

/** The cluster's server processes as one group, PostgreSQL's sessions of its database as another. */
function cpuGroups(cluster: Cluster, url: string) {
  const pids = new Set(cluster.servers.map((server) => server.process.pid));
  const database = processesOf(-1, { url });
  return (pid: number, commandLine: string) =>
    pids.has(pid) ? 'server' : database(pid, commandLine) === 'database' ? 'database' : null;
}

/** One mode's figures at each concurrency, on a database of its own. */
async function benchMode(
  url: string,
  mode: SpreadFigures['mode'],
  orders: number,
  concurrencies: readonly number[],
): Promise<SpreadFigures[]> {
  const scratch = await createScratchDatabase(url, `bench_spread_${mode === 'spread' ? 1 : 0}`);
  const db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
  let cluster: Cluster | null = null;
  try {
    const config = loadConfig({ DATABASE_URL: scratch.url, DEMO_ACCOUNT: 'off' });
    const traders = await prepareTraders(db, config, ONE_TRADER ? 1 : PAIR_SYMBOLS.length, {
      USDT: '100000000',
    });
    const tokens = traders.map((trader) => trader.token);
    cluster = await Cluster.start(scratch.url, 2, {
      MARKET_SPREAD: mode === 'spread' ? 'on' : 'off',
    });
    if (mode === 'spread') await spreadOver(db);
    const urls = cluster.servers.map((server) => server.url);
    const figures: SpreadFigures[] = [];
    for (const concurrency of concurrencies) {
      // Warm-up at the concurrency measured: each connection a server opens for it prepares
      // its statements on first use, which is start-up, not the steady rate.
      await time(urls, tokens, 160, concurrency);
      const cpu = sampleCpu(cpuGroups(cluster, scratch.url));
      const from = Date.now();
      const { latencies, seconds } = await time(urls, tokens, orders, concurrency);
      const cpuSeconds = cpu.stop();
      markWindow(`${mode} ${concurrency} ${orders}`, from);
      figures.push({
        mode,
        concurrency,
        orders,
        p50Ms: median(latencies),
        p99Ms: percentile(latencies, 0.99),
        perSecond: orders / seconds,
        serverCpuMs: ((cpuSeconds.server ?? 0) * 1000) / orders,
        databaseCpuMs: ((cpuSeconds.database ?? 0) * 1000) / orders,
      });
    }
    return figures;
  } finally {
    await cluster?.stop();
    await db.destroy();
    await scratch.drop();
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
  const traders = ONE_TRADER ? 'one trader for all' : 'a trader per pair';
  return [
    `orders.place on all eight pairs through two server processes in turn, ${traders}, on one PostgreSQL, the market on one owner or spread over both (${machine}).`,
    '',
    '| market | concurrent | orders | p50 | p99 | orders/s | CPU/order: servers | PostgreSQL |',
    '|---|---|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.mode} | ${f.concurrency} | ${f.orders} | ${f.p50Ms.toFixed(2)} ms | ${f.p99Ms.toFixed(2)} ms | ${f.perSecond.toFixed(0)} | ${f.serverCpuMs.toFixed(2)} ms | ${f.databaseCpuMs.toFixed(2)} ms |`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { cpus, loadavg } = await import('node:os');
  const before = loadavg()[0]?.toFixed(1);
  const figures = await benchSpreadOrders(Number(process.env.BENCH_ORDERS ?? 400), [1, 10]);
  const load = `load average ${before} before, ${loadavg()[0]?.toFixed(1)} after`;
  const table = spreadOrdersTable(
    figures,
    `${cpus().length} cores, Node ${process.versions.node}, ${load}`,
  );
  console.log(table);
  if (process.argv.includes('--write')) writeMeasurements('spread', table);
}
