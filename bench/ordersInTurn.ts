/**
 * For the benches of orders through several servers: two servers on one database, and orders
 * placed through the API `concurrency` at a time, each one's latency timed.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../server/app.ts';
import type { Config } from '../server/config.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { createScratchDatabase } from '../test/postgres.ts';
import { send } from '../test/serverTesting.ts';

/** The server to send order `i` to, and what it places. */
export type NthOrder = (i: number) => {
  app: FastifyInstance;
  order: { pair: string; price: string; amount: string };
};

/**
 * Runs `placeOne` for 0 … `count` - 1, `concurrency` at a time, timing each; `placeOne` throws
 * on a refusal, which stops the bench: the figures would lie.
 */
export async function timeInTurn(
  count: number,
  concurrency: number,
  placeOne: (i: number) => Promise<void>,
): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const started = performance.now();
      await placeOne(i);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, seconds: (performance.now() - started) / 1000 };
}

/**
 * Places `orders` resting buys as `nth` says, `concurrency` in flight at once, each from an
 * address of its own (so no per-address limit counts them together); each one's latency and
 * the seconds the whole took.
 */
export function placeInTurn(
  token: string,
  orders: number,
  concurrency: number,
  nth: NthOrder,
): Promise<{ latencies: number[]; seconds: number }> {
  return timeInTurn(orders, concurrency, async (i) => {
    const { app, order } = nth(i);
    const answer = await send(
      app,
      { method: 'orders.place', token, subId: '', side: 'buy', type: 'limit', ...order },
      { ip: `10.9.0.${i % 250}` },
    );
    if (answer.body.status !== true) throw new Error(JSON.stringify(answer.body));
  });
}

/** Two servers on one fresh database, as a cluster's two processes would share it. */
export interface TwoServers {
  apps: [FastifyInstance, FastifyInstance];
  dbs: [Database, Database];
  /** Closes both servers and drops the database. */
  close(): Promise<void>;
}

/** Starts two servers with `config` on a scratch database named `name` on PostgreSQL `url`. */
export async function twoServers(url: string, name: string, config: Config): Promise<TwoServers> {
  const scratch = await createScratchDatabase(url, name);
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  const close = async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.destroy();
    await scratch.drop();
  };
  try {
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
      dbs.push(db);
      apps.push(await createServer(config, db));
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    apps: apps as [FastifyInstance, FastifyInstance],
    dbs: dbs as [Database, Database],
    close,
  };
}
