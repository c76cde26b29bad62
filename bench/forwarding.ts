/**
 * What forwarding costs: two servers in this process on one PostgreSQL database, one owning the
 * spot market and one forwarding to it (intake row, NOTIFY, the owner's batch, the answer, the
 * follower's replica rebuilt). Times `orders.place` through each, one request at a time (the
 * path's own latency) and `concurrency` at a time (batches shared), per request, and the
 * statements the server taking the orders sends per order (all of them: the intake's, the
 * session's, its replica's and heartbeats'). Run alone: `node --import tsx bench/forwarding.ts`
 * (TEST_DATABASE_URL names a server, else one starts; BENCH_STATEMENTS=1 prints each kind's count).
 */
import type { FastifyInstance } from 'fastify';
import { postgresPool } from '../server/storage/db.ts';
import { startPostgres } from '../test/postgres.ts';
import { fundedAccount, testConfig } from '../test/serverTesting.ts';
import { median, percentile } from './median.ts';
import { placeInTurn, twoServers } from './ordersInTurn.ts';
import { StatementTally } from './statementTally.ts';

/** One path's latency figures. */
export interface PathFigures {
  path: string;
  concurrency: number;
  orders: number;
  p50Ms: number;
  p99Ms: number;
  /** Statements the server the orders went to sent, per order. */
  statements: number;
}

/** Places `orders` resting buys through `app`, `concurrency` at a time; each one's latency. */
async function time(
  app: FastifyInstance,
  token: string,
  orders: number,
  concurrency: number,
): Promise<number[]> {
  const timed = await placeInTurn(token, orders, concurrency, (i) => ({
    app,
    order: { pair: 'ETH_USDT', price: String(1000 + (i % 50)), amount: '0.01' },
  }));
  return timed.latencies;
}

/** Measures both paths at each concurrency. */
export async function benchForwarding(
  orders: number,
  concurrencies: readonly number[],
): Promise<PathFigures[]> {
  const server = await startPostgres();
  if (server === null) throw new Error('no PostgreSQL to measure on');
  const cluster = await twoServers(
    server.url,
    'bench_forwarding',
    testConfig({ API_RATE_LIMIT: '0' }),
  ).catch(async (error) => {
    await server.stop();
    throw error;
  });
  try {
    const [owner, follower] = cluster.apps;
    const tallies = cluster.dbs.map((db) => {
      const tally = new StatementTally();
      const pool = postgresPool(db);
      if (pool !== null) tally.watch(pool);
      return tally;
    }) as [StatementTally, StatementTally];
    const trader = await fundedAccount(owner, cluster.dbs[0], { USDT: '100000000' });
    const figures: PathFigures[] = [];
    for (const concurrency of concurrencies) {
      for (const [path, app, tally] of [
        ['owner', owner, tallies[0]],
        ['follower', follower, tallies[1]],
      ] as const) {
        await time(app, trader.token, 20, concurrency);
        tally.reset();
        const latencies = await time(app, trader.token, orders, concurrency);
        const statements = tally.total / orders;
        if (process.env.BENCH_STATEMENTS === '1') {
          console.log(`${path} at ${concurrency}: ${statements.toFixed(2)} statements an order`);
          for (const [kind, count] of tally.byKind()) {
            console.log(`  ${(count / orders).toFixed(3)}  ${kind}`);
          }
        }
        figures.push({
          path,
          concurrency,
          orders,
          p50Ms: median(latencies),
          p99Ms: percentile(latencies, 0.99),
          statements,
        });
      }
    }
    return figures;
  } finally {
    await cluster.close();
    await server.stop();
  }
}

/** The figures as a Markdown table. */
export function forwardingTable(figures: readonly PathFigures[], machine: string): string {
  return [
    `orders.place through the market's owner and through a follower, two servers in one process on one PostgreSQL (${machine}).`,
    '',
    '| path | concurrent | orders | p50 | p99 | statements an order (that server) |',
    '|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.path} | ${f.concurrency} | ${f.orders} | ${f.p50Ms.toFixed(2)} ms | ${f.p99Ms.toFixed(2)} ms | ${f.statements.toFixed(2)} |`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { cpus } = await import('node:os');
  const figures = await benchForwarding(Number(process.env.BENCH_ORDERS ?? 500), [1, 10]);
  console.log(forwardingTable(figures, `${cpus().length} cores, Node ${process.versions.node}`));
}
