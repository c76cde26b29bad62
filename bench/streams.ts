/**
 * Fan-out of the market streams: the server in a process of its own on a fresh embedded
 * database, `connections` sockets in a third process (bench/streamsClients.ts) each subscribed
 * to one pair's book and trades, and two traders in this process crossing orders through the API
 * at a steady rate. Latency is from a trade's time (stamped by the server when it matched) to
 * each socket receiving it; every book update's sequence number is checked for gaps.
 * `node --import tsx bench/streams.ts` prints it.
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MARKET_SOCKET_PATH } from '../core/protocol/index.ts';
import { loadConfig } from '../server/config.ts';
import { Cluster, type ClusterServer } from '../test/cluster/servers.ts';
import { createScratchDatabase, startPostgres } from '../test/postgres.ts';
import { scratchDataDir } from '../test/spot/faults.ts';
import { serverEnv, startServerProcess, withDatabase } from '../test/spot/serverProcess.ts';
import { callApi, prepareTraders, type Trader } from '../test/spot/traders.ts';
import { startStreamClients } from './streamsClients.ts';

/** The fan-out figures. */
export interface StreamFigures {
  connections: number;
  seconds: number;
  trades: number;
  deliveries: number;
  expectedDeliveries: number;
  bookUpdates: number;
  gaps: number;
  p50Ms: number;
  p99Ms: number;
  /** Median, over trades, of the time from the match to the first socket receiving it. */
  firstP50Ms: number;
  /** Median and largest, over trades, of the time from the first socket receiving it to the last. */
  spreadP50Ms: number;
  spreadMaxMs: number;
  /** The machine's one-minute load average as the trades started and as they ended. */
  load: [number, number];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Runs the fan-out for `seconds` with `connections` sockets and `rate` crossing pairs a second. */
export async function benchStreams(
  connections = 1000,
  seconds = 10,
  rate = 20,
  where: StreamsPlace = 'one server',
): Promise<StreamFigures> {
  const servers = where === 'one server' ? await oneServer() : await ownerAndFollower();
  try {
    const { maker, taker, ordersTo, socketsOn } = servers;
    return await measure(connections, seconds, rate, maker, taker, ordersTo, socketsOn);
  } finally {
    await servers.stop();
  }
}

/**
 * Where the streams are measured: one server on its embedded database, or the sockets on a
 * follower while the orders go to the market's owner, two servers on one PostgreSQL database
 * (the path from a commit to a socket on another server).
 */
export type StreamsPlace = 'one server' | 'a follower';

/** The servers of a run: where orders go, where sockets listen, the traders, and the stop. */
interface StreamServers {
  maker: Trader;
  taker: Trader;
  ordersTo: string;
  socketsOn: string;
  stop(): Promise<void>;
}

async function oneServer(): Promise<StreamServers> {
  const scratch = scratchDataDir();
  const place = scratch.place;
  const [maker, taker] = await withDatabase(place, (db) =>
    prepareTraders(db, loadConfig(serverEnv(place)), 2),
  );
  if (maker === undefined || taker === undefined) throw new Error('no traders');
  const server = await startServerProcess(place);
  return {
    maker,
    taker,
    ordersTo: server.url,
    socketsOn: server.url,
    async stop() {
      await server.stop();
      scratch.remove();
    },
  };
}

async function ownerAndFollower(): Promise<StreamServers> {
  const postgres = await startPostgres();
  if (postgres === null) throw new Error('no PostgreSQL to measure on');
  const scratch = await createScratchDatabase(postgres.url, 'bench_streams');
  const place = { url: scratch.url };
  const [maker, taker] = await withDatabase(place, (db) =>
    prepareTraders(db, loadConfig(serverEnv(place)), 2),
  );
  if (maker === undefined || taker === undefined) throw new Error('no traders');
  // Started one after the other: the first takes the market, the second follows.
  const cluster = await Cluster.start(scratch.url, 2, { MARKET_SPREAD: 'off' });
  const [owner, follower] = cluster.servers as [ClusterServer, ClusterServer];
  return {
    maker,
    taker,
    ordersTo: owner.url,
    socketsOn: follower.url,
    async stop() {
      await cluster.stop();
      await scratch.drop();
      await postgres.stop();
    },
  };
}

async function measure(
  connections: number,
  seconds: number,
  rate: number,
  maker: Trader,
  taker: Trader,
  ordersTo: string,
  socketsOn: string,
): Promise<StreamFigures> {
  const url = `${socketsOn.replace(/^http/, 'ws')}${MARKET_SOCKET_PATH}`;
  const clients = await startStreamClients(url, 0, connections);
  try {
    let trades = 0;
    const loadBefore = loadavg()[0] ?? 0;
    const end = Date.now() + seconds * 1000;
    for (let n = 0; Date.now() < end; n += 1) {
      const price = (97000 + (n % 10)).toFixed(2);
      const order = { pair: 'BTC_USDT', type: 'limit', price, amount: '0.0001' };
      await callApi(ordersTo, 'orders.place', maker.token, { ...order, side: 'sell' });
      const answer = await callApi(ordersTo, 'orders.place', taker.token, {
        ...order,
        side: 'buy',
      });
      if (answer.status) trades += 1;
      await new Promise((wait) => setTimeout(wait, 1000 / rate));
    }
    const loadAfter = loadavg()[0] ?? 0;
    const { latencies, firsts, spreads, bookUpdates, gaps } = await clients.stop();
    for (const list of [latencies, firsts, spreads]) list.sort((a, b) => a - b);
    return {
      connections,
      seconds,
      trades,
      deliveries: latencies.length,
      expectedDeliveries: trades * connections,
      bookUpdates,
      gaps,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      firstP50Ms: percentile(firsts, 50),
      spreadP50Ms: percentile(spreads, 50),
      spreadMaxMs: spreads.at(-1) ?? 0,
      load: [loadBefore, loadAfter],
    };
  } finally {
    clients.kill();
  }
}

/** The measurements table. */
export function streamsTable(f: StreamFigures, machine: string): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return [
    `Market streams fan-out: ${n(f.connections)} sockets subscribed to BTC_USDT's book and trades, two`,
    `traders crossing orders through the API for ${f.seconds} s (${machine}; load average`,
    `${f.load[0].toFixed(1)} as the trades began, ${f.load[1].toFixed(1)} as they ended). Latency runs from a trade's match time`,
    "(stamped before its batch commits) to each socket receiving it; per trade, the first socket's",
    'receipt shows the path through the commit, and the spread from the first socket to the last',
    "shows the fan-out itself. Every book update's sequence is checked. The server, the traders and",
    'the sockets each run in a process of their own; while measured, the sockets only stamp each',
    'frame as it arrives.',
    '',
    '| sockets | trades | deliveries (expected) | book updates | sequence gaps | p50 | p99 | to the first socket (p50) | first to last socket (p50 / max) |',
    '|---|---|---|---|---|---|---|---|---|',
    `| ${n(f.connections)} | ${n(f.trades)} | ${n(f.deliveries)} (${n(f.expectedDeliveries)}) | ${n(f.bookUpdates)} | ${f.gaps} | ${f.p50Ms} ms | ${f.p99Ms} ms | ${f.firstP50Ms} ms | ${f.spreadP50Ms} / ${f.spreadMaxMs} ms |`,
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  console.log(streamsTable(await benchStreams(), 'this machine'));
}
