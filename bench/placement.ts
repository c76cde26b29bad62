/**
 * Durable order placement through the API: the server in a process of its own, on a fresh
 * database, loaded by autocannon from this process with many concurrent connections, each
 * request an `orders.place` of the traders' seeded stream (limit orders near the touch on both
 * sides, IOC, FOK, post-only, market and stop orders) signed by one of many funded accounts.
 * Each acknowledged order, its fills and their ledger entries are committed before the answer.
 * The run ends with the spot audit on the database, so a fast but wrong market cannot pass.
 */
import autocannon from 'autocannon';
import { API_PATH } from '../core/protocol/index.ts';
import { loadConfig } from '../server/config.ts';
import { seededRandom } from '../test/seededRandom.ts';
import { auditSpot } from '../test/spot/audit.ts';
import {
  type DatabasePlace,
  serverEnv,
  startServerProcess,
  withDatabase,
} from '../test/spot/serverProcess.ts';
import { prepareTraders, StepStream } from '../test/spot/traders.ts';
import { type Grouping, sampleCpu } from './processCpu.ts';

/** One database's placement figures. */
export interface PlacementFigures {
  database: string;
  connections: number;
  seconds: number;
  /** Orders acknowledged (placed, traded or refused for a reason like an empty book) per second. */
  ordersPerSecond: number;
  /** Of the answers, how many placed an order and how many refused it with a message. */
  placed: number;
  refused: number;
  trades: number;
  p50Ms: number;
  p99Ms: number;
  /**
   * CPU milliseconds an answered order cost while the load ran, by process: the server (its
   * embedded database thread included), PostgreSQL's sessions of the bench database when it is
   * the database, and the load generator.
   */
  cpuMsPerOrder: { server: number; database: number; load: number };
  problems: string[];
}

/** Loads one server on `place` for `seconds` with `connections` concurrent connections. */
export async function benchPlacement(
  database: string,
  place: DatabasePlace,
  connections: number,
  seconds: number,
): Promise<PlacementFigures> {
  const config = loadConfig(serverEnv(place));
  const traders = await withDatabase(place, (db) => prepareTraders(db, config, connections));
  const server = await startServerProcess(place);
  try {
    const stream = new StepStream(seededRandom(2026), 'b', 0);
    let sent = 0;
    let placed = 0;
    let refused = 0;
    const cpu = sampleCpu(processesOf(server.pid, place));
    const result = await autocannon({
      url: `${server.url}${API_PATH}`,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          setupRequest(request) {
            const trader = traders[sent % traders.length];
            sent += 1;
            const { method, params } = stream.placement();
            const body = { method, token: trader?.token ?? '', subId: '', ...params };
            return { ...request, body: JSON.stringify(body) };
          },
          onResponse(_status, body) {
            if ((JSON.parse(body) as { status: boolean }).status) placed += 1;
            else refused += 1;
          },
        },
      ],
    });
    const cpuSeconds = cpu.stop();
    await server.stop();
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${database}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
    }
    const perOrder = (group: string) => ((cpuSeconds[group] ?? 0) * 1000) / (placed + refused);
    return await withDatabase(place, async (db) => {
      const trades = await db
        .selectFrom('trades')
        .select((t) => t.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return {
        database,
        connections,
        seconds,
        ordersPerSecond: (placed + refused) / seconds,
        placed,
        refused,
        trades: Number(trades.count),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        cpuMsPerOrder: {
          server: perOrder('server'),
          database: perOrder('database'),
          load: perOrder('load'),
        },
        problems: await auditSpot(db, config.referralShare),
      };
    });
  } finally {
    await server.kill();
  }
}

/** The bench's processes: the server, PostgreSQL's sessions of its database, and this one. */
export function processesOf(serverPid: number, place: DatabasePlace): Grouping {
  // A PostgreSQL session's title names its database ("postgres: user db 127.0.0.1(…) idle").
  const database = 'url' in place ? ` ${new URL(place.url).pathname.slice(1)} ` : null;
  return (pid, commandLine) => {
    if (pid === serverPid) return 'server';
    if (pid === process.pid) return 'load';
    if (database !== null && commandLine.startsWith('postgres:') && commandLine.includes(database))
      return 'database';
    return null;
  };
}
