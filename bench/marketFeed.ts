/**
 * What following the market's owner costs the streams: two servers in this process on one
 * PostgreSQL database, `subscribers` sockets on one pair's book on each. Each order rests at a
 * new best bid, so each batch is one book update; the time from placing it (through the owner)
 * to each socket's frame is taken per server, p50 and p99. Then the follower's work per committed
 * batch with `resting` orders open: the whole reread it used to do (BookReplica.rebuild) against
 * reading the batch's rows back and taking them (readBatch + BookReplica.apply), and against taking
 * them from the news that carries them (carriedBatch + BookReplica.apply). Run alone:
 * `node --import tsx bench/marketFeed.ts` (TEST_DATABASE_URL names a server, else one starts).
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { MARKET_SOCKET_PATH } from '../core/protocol/index.ts';
import { createServer } from '../server/app.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { BookReplica } from '../server/trading/BookReplica.ts';
import {
  carriedBatch,
  journalPosition,
  newsOf,
  readBatch,
} from '../server/trading/marketCommits.ts';
import { SPOT_MARKET } from '../server/trading/ownership.ts';
import { createScratchDatabase, startPostgres } from '../test/postgres.ts';
import { fundedAccount, ok, testConfig } from '../test/serverTesting.ts';
import { median, percentile } from './median.ts';

/** Opens `count` sockets on the pair's book; `heard` gets each update's new bid on arrival. */
async function subscribe(base: string, count: number, heard: (price: number) => void) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i++) {
    // A server takes 20 sockets per address: each 20 come from another loopback address.
    const socket = new WebSocket(`${base.replace('http', 'ws')}${MARKET_SOCKET_PATH}`, {
      localAddress: `127.0.${1 + Math.floor(i / 4_000)}.${1 + (Math.floor(i / 20) % 200)}`,
    });
    socket.on('message', (data) => {
      const parsed = JSON.parse(String(data));
      for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
        const [bid] = message.type === 'book' && !message.snapshot ? message.bids : [];
        if (bid !== undefined) heard(Number(bid[0]));
      }
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ v: 1, type: 'subscribe', stream: 'orders', pair: 'ETH_USDT' }));
    sockets.push(socket);
  }
  return sockets;
}

/** Measures latency per server and the follower's work per batch. */
export async function benchMarketFeed(orders: number, subscribers: number, resting: number) {
  const server = await startPostgres();
  if (server === null) throw new Error('no PostgreSQL to measure on');
  const scratch = await createScratchDatabase(server.url, 'bench_market_feed');
  const config = testConfig({ API_RATE_LIMIT: '0' });
  const dbs: Database[] = [];
  const apps: FastifyInstance[] = [];
  const sockets: WebSocket[] = [];
  try {
    const bases: string[] = [];
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
      dbs.push(db);
      const app = await createServer(config, db);
      apps.push(app);
      bases.push(await app.listen({ host: '127.0.0.1', port: 0 }));
    }
    const [owner] = apps as [FastifyInstance];
    const db = dbs[0] as Database;
    const trader = await fundedAccount(owner, db, { USDT: '1000000000' });
    const place = async (price: number) =>
      ok(
        owner,
        'orders.place',
        { pair: 'ETH_USDT', side: 'buy', type: 'limit', price: String(price), amount: '0.01' },
        { token: trader.token },
      );
    // Resting orders the rebuild rereads (another pair: the measured book stays small).
    for (let i = 0; i < resting; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, resting - i) }, (_, j) =>
          ok(
            owner,
            'orders.place',
            {
              pair: 'BTC_USDT',
              side: 'buy',
              type: 'limit',
              price: String(20000 + j),
              amount: '0.001',
            },
            { token: trader.token },
          ),
        ),
      );
    }
    const arrivals = [new Map<number, number[]>(), new Map<number, number[]>()];
    for (const [index, base] of bases.entries()) {
      const heard = arrivals[index] as Map<number, number[]>;
      sockets.push(
        ...(await subscribe(base, subscribers, (price) => {
          const times = heard.get(price) ?? [];
          times.push(performance.now());
          heard.set(price, times);
        })),
      );
    }
    const started = new Map<number, number>();
    for (let i = 0; i < orders; i++) {
      const price = 1000 + i;
      started.set(price, performance.now());
      await place(price);
      // One at a time: each order's frames are in before the next is placed.
      const end = Date.now() + 2_000;
      while ((arrivals[1]?.get(price)?.length ?? 0) < subscribers && Date.now() < end) {
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const latency = arrivals.map((heard) =>
      [...started].flatMap(([price, at]) => (heard.get(price) ?? []).map((time) => time - at)),
    );
    // The follower's work per batch: a whole reread against the batch's rows taken.
    const replica = new BookReplica(db, config.fees, SPOT_MARKET);
    const rebuilds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const at = performance.now();
      await replica.rebuild();
      rebuilds.push(performance.now() - at);
    }
    const row = await db
      .selectFrom('orders')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const position = await journalPosition(db, SPOT_MARKET);
    const news = newsOf(
      SPOT_MARKET,
      position,
      { seq: position.seq, position, orders: [row], trades: [], credited: [] },
      [],
    );
    const increments: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < 200; i++) {
      const at = performance.now();
      const batch = await readBatch(db, news);
      const computing = performance.now();
      replica.apply(batch);
      increments.push(performance.now() - at);
      cpu.push(performance.now() - computing);
    }
    const carried: number[] = [];
    for (let i = 0; i < 200; i++) {
      const at = performance.now();
      const batch = carriedBatch(news);
      if (batch === null) throw new Error('the news carries no rows');
      replica.apply(batch);
      carried.push(performance.now() - at);
    }
    return {
      owner: { p50: median(latency[0] ?? []), p99: percentile(latency[0] ?? [], 0.99) },
      follower: { p50: median(latency[1] ?? []), p99: percentile(latency[1] ?? [], 0.99) },
      frames: latency.map((values) => values.length),
      rebuildMs: median(rebuilds),
      incrementMs: median(increments),
      applyMs: median(cpu),
      carriedMs: median(carried),
      load: loadavg()[0] ?? 0,
    };
  } finally {
    for (const socket of sockets) socket.close();
    for (const app of apps) await app.close();
    for (const db of dbs) await db.destroy();
    await scratch.drop();
    await server.stop();
  }
}

/** The figures as Markdown. */
export function marketFeedTable(
  f: Awaited<ReturnType<typeof benchMarketFeed>>,
  orders: number,
  subscribers: number,
  resting: number,
  machine: string,
): string {
  const ms = (value: number, digits = 2) => `${value.toFixed(digits)} ms`;
  return [
    `Two servers in one process on one PostgreSQL database, ${subscribers} sockets on ETH_USDT's book on each;`,
    `${orders} orders placed one at a time through the owner, each a new best bid. From placing an order to`,
    `each socket's book frame (${machine}):`,
    '',
    '| server | frames | p50 | p99 |',
    '|---|---|---|---|',
    `| the owner | ${f.frames[0]} | ${ms(f.owner.p50)} | ${ms(f.owner.p99)} |`,
    `| a follower | ${f.frames[1]} | ${ms(f.follower.p50)} | ${ms(f.follower.p99)} |`,
    '',
    `A follower's work per committed batch with ${resting.toLocaleString('en-US')} orders open (median): rereading the`,
    `market whole ${ms(f.rebuildMs)}; reading the batch back and taking it ${ms(f.incrementMs)}, of which taking it`,
    `${ms(f.applyMs, 3)}; taking it from the rows its news carries ${ms(f.carriedMs, 3)} (load average ${f.load.toFixed(1)}).`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { cpus } = await import('node:os');
  const orders = Number(process.env.BENCH_ORDERS ?? 200);
  const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
  const resting = Number(process.env.BENCH_RESTING ?? 2_000);
  const f = await benchMarketFeed(orders, subscribers, resting);
  const machine = `${cpus().length} cores, Node ${process.versions.node}`;
  console.log(marketFeedTable(f, orders, subscribers, resting, machine));
}
