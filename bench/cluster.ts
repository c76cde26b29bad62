/**
 * What being a cluster costs: `users.getInfo` and `orders.place` loaded through one server
 * process, then through two on the same PostgreSQL database (half the connections on each; the
 * second forwards its orders to the market's owner), with the CPU each request cost every
 * process; then how long the market refuses orders after its owner is SIGKILLed. Run alone:
 * `node --import tsx bench/cluster.ts` (TEST_DATABASE_URL names a server, else one starts).
 */
import autocannon from 'autocannon';
import { API_PATH } from '../core/protocol/index.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/storage/db.ts';
import { Cluster, marketOwner } from '../test/cluster/servers.ts';
import { createScratchDatabase, startPostgres } from '../test/postgres.ts';
import { prepareTraders, type Trader } from '../test/spot/traders.ts';
import { median } from './median.ts';
import { type Grouping, sampleCpu } from './processCpu.ts';

/** One load run: a method through one or two servers. */
export interface ClusterLoad {
  method: string;
  servers: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU milliseconds per request: the servers together, PostgreSQL's sessions, the load. */
  cpuMsPerRequest: { servers: number; database: number; load: number };
}

/** The bench's figures. */
export interface ClusterFigures {
  loads: ClusterLoad[];
  /** Milliseconds from each SIGKILL of the owner to the next order the market took. */
  failoverMs: number[];
  /** Open orders the new owner rebuilt its books from (the load left them resting). */
  openOrders: number;
}

/** All the connections the load holds, shared by the servers it goes to. */
const CONNECTIONS = 10;

/** A body for `method` by `trader`; orders rest far below the market, so the book only grows. */
function bodyOf(method: string, trader: Trader, i: number): string {
  const params =
    method === 'orders.place'
      ? {
          pair: 'ETH_USDT',
          side: 'buy',
          type: 'limit',
          price: String(100 + (i % 500) / 10),
          amount: '0.1',
        }
      : {};
  return JSON.stringify({ method, token: trader.token, subId: '', ...params });
}

/** Loads `method` on every server in `urls` at once, CONNECTIONS split between them. */
async function load(
  method: string,
  urls: readonly string[],
  traders: readonly Trader[],
  seconds: number,
  group: Grouping,
): Promise<ClusterLoad> {
  let sent = 0;
  const cpu = sampleCpu(group);
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({
        url: `${url}${API_PATH}`,
        connections: CONNECTIONS / urls.length,
        duration: seconds,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            setupRequest(request) {
              const trader = traders[sent % traders.length] as Trader;
              sent += 1;
              return { ...request, body: bodyOf(method, trader, sent) };
            },
            onResponse(_status, body) {
              if (!(JSON.parse(body) as { status: boolean }).status) {
                throw new Error(`${method} refused: ${body}`);
              }
            },
          },
        ],
      }),
    ),
  );
  const cpuSeconds = cpu.stop();
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  const failed = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0);
  if (failed > 0) throw new Error(`${method}: ${failed} requests failed`);
  const perRequest = (name: string) => ((cpuSeconds[name] ?? 0) * 1000) / requests;
  return {
    method,
    servers: urls.length,
    requestsPerSecond: requests / seconds,
    // The slower server's figures: a client behind the balancer may meet either.
    p50Ms: Math.max(...results.map((result) => result.latency.p50)),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    cpuMsPerRequest: {
      servers: perRequest('servers'),
      database: perRequest('database'),
      load: perRequest('load'),
    },
  };
}

/** The servers' processes, PostgreSQL's sessions of the bench database, and this process. */
function processesOf(cluster: Cluster, database: string): Grouping {
  const servers = new Set(cluster.servers.map((server) => server.process.pid));
  return (pid, commandLine) => {
    if (servers.has(pid)) return 'servers';
    if (pid === process.pid) return 'load';
    if (commandLine.startsWith('postgres:') && commandLine.includes(` ${database} `))
      return 'database';
    return null;
  };
}

/** Places one order through `url` after another until one is taken; when it was, in ms. */
async function firstOrderTaken(url: string, trader: Trader, since: number): Promise<number> {
  for (let i = 0; ; i += 1) {
    const answer = await fetch(`${url}${API_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: bodyOf('orders.place', trader, i),
    }).then((response) => response.json() as Promise<{ status: boolean }>);
    if (answer.status) return performance.now() - since;
    if (performance.now() - since > 30_000) throw new Error('the market never came back');
  }
}

/** Kills the owner `rounds` times, timing the market's return on a survivor each time. */
async function failovers(
  cluster: Cluster,
  databaseUrl: string,
  trader: Trader,
  rounds: number,
): Promise<{ times: number[]; openOrders: number }> {
  const db = await openDatabase({ databaseUrl, dataDir: ':memory:' });
  const times: number[] = [];
  try {
    const open = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('status', 'in', ['new', 'partiallyFilled'])
      .executeTakeFirstOrThrow();
    for (let round = 0; round < rounds; round += 1) {
      const { server: owner } = await marketOwner(db);
      if (owner === null) throw new Error('no server owns the market');
      const survivor = cluster.servers.find((server) => server.name !== owner);
      if (survivor === undefined) throw new Error('no server left to take the market');
      const killed = performance.now();
      await cluster.named(owner).process.kill();
      times.push(await firstOrderTaken(survivor.url, trader, killed));
      await cluster.restart(owner);
    }
    return { times, openOrders: Number(open.count) };
  } finally {
    await db.destroy();
  }
}

/** Loads one server, then two, then times the owner's failovers. */
export async function benchCluster(seconds: number, rounds = 5): Promise<ClusterFigures> {
  const postgres = await startPostgres();
  if (postgres === null) throw new Error('no PostgreSQL to measure on');
  const scratch = await createScratchDatabase(postgres.url, 'bench_cluster');
  const database = new URL(scratch.url).pathname.slice(1);
  let cluster: Cluster | null = null;
  try {
    const db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
    const config = loadConfig({ DATABASE_URL: scratch.url, DEMO_ACCOUNT: 'off' });
    const traders = await prepareTraders(db, config, 20, { USDT: '100000000' });
    await db.destroy();
    // The market one unit on one owner: the second server forwards every order to it.
    cluster = await Cluster.start(scratch.url, 2, { MARKET_SPREAD: 'off' });
    const urls = cluster.servers.map((server) => server.url);
    const loads: ClusterLoad[] = [];
    for (const method of ['users.getInfo', 'orders.place']) {
      for (const through of [urls.slice(0, 1), urls]) {
        loads.push(await load(method, through, traders, seconds, processesOf(cluster, database)));
      }
    }
    const { times, openOrders } = await failovers(
      cluster,
      scratch.url,
      traders[0] as Trader,
      rounds,
    );
    return { loads, failoverMs: times, openOrders };
  } finally {
    await cluster?.stop();
    await scratch.drop();
    await postgres.stop();
  }
}

/** The figures as Markdown. */
export function clusterTable(figures: ClusterFigures, seconds: number, machine: string): string {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const sorted = [...figures.failoverMs].sort((a, b) => a - b);
  return [
    `Two server processes on one PostgreSQL database, loaded by autocannon with ${CONNECTIONS}`,
    `connections for ${seconds} s per row: through the first server alone, then half through each`,
    '(the second forwards its orders to the market, which the first owns). CPU per request is read',
    `from /proc while the load runs (${machine}: the servers, PostgreSQL and the load share them).`,
    '',
    '| method | servers | requests/s | p50 | p99 | CPU per request: servers | PostgreSQL | load |',
    '|---|---|---|---|---|---|---|---|',
    ...figures.loads.map(
      (f) =>
        `| \`${f.method}\` | ${f.servers} | ${Math.round(f.requestsPerSecond).toLocaleString('en-US')} | ${f.p50Ms} ms | ${f.p99Ms} ms | ${ms(f.cpuMsPerRequest.servers)} | ${ms(f.cpuMsPerRequest.database)} | ${ms(f.cpuMsPerRequest.load)} |`,
    ),
    '',
    `Failover: the market's owner SIGKILLed ${sorted.length} times with ${figures.openOrders.toLocaleString('en-US')} orders resting (the new owner`,
    `rebuilds its books from them); from the kill to the next order the survivor took: median`,
    `${Math.round(median(sorted))} ms, longest ${Math.round(sorted.at(-1) ?? 0)} ms (goal: 3,000 ms).`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { cpus } = await import('node:os');
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const figures = await benchCluster(seconds);
  console.log(
    clusterTable(figures, seconds, `${cpus().length} cores, Node ${process.versions.node}`),
  );
}
