/**
 * Order entry over the market socket: the server in a process of its own on a fresh database,
 * 256 trading programs (one funded account and API key each) logged in over sockets from this
 * process, each placing limit orders on BTC_USDT — most resting near the touch, some crossing it —
 * and cancelling its oldest once it holds a few, one request in flight each. Every answer comes
 * after its commit. CPU is read from /proc while the load runs, for the server process (its
 * embedded database thread included) and PostgreSQL's sessions of the bench database, with this
 * process, the load generator, reported apart. The run ends with the spot audit. BENCH_PAIRS=all
 * spreads the programs over every pair. The server matches the market as one unit unless
 * MARKET_SPREAD=on is set here (its own default is on): the recorded figures are one unit's.
 * `node --import tsx bench/socketOrders.ts [--write]` prints the table (`--write` also puts it in
 * docs/measurements.md); PROFILE_DIR=folder writes a CPU profile of each server there.
 */
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { formatDecimal } from '../core/markets/decimal.ts';
import { PAIR_SYMBOLS, PAIRS, type PairSymbol } from '../core/markets/pairs.ts';
import type { MarketServerMessage, SocketResult, Ticker } from '../core/protocol/index.ts';
import { sealKeySecret } from '../server/apiKeys/keySecret.ts';
import { newKeyId, newSecret } from '../server/apiKeys/keys.ts';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/storage/db.ts';
import { loginMessage } from '../test/programSocket.ts';
import { seededRandom } from '../test/seededRandom.ts';
import { auditSpot } from '../test/spot/audit.ts';
import {
  type DatabasePlace,
  serverEnv,
  startServerProcess,
  withDatabase,
} from '../test/spot/serverProcess.ts';
import { prepareTraders } from '../test/spot/traders.ts';
import { markWindow } from './marks.ts';
import { writeMeasurements } from './measurementsDoc.ts';
import { median, percentile } from './median.ts';
import { processesOf } from './placement.ts';
import { sampleCpu } from './processCpu.ts';
import { databases } from './spot.ts';

/** One database's figures. */
export interface SocketOrderFigures {
  database: string;
  programs: number;
  seconds: number;
  /** Answered requests (places and cancels) per second. */
  requestsPerSecond: number;
  placed: number;
  cancelled: number;
  refused: number;
  /** The refusals by code. */
  refusals: Record<string, number>;
  trades: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU ms per answered request, by process group (server, database, load). */
  cpuMsPerRequest: { server: number; database: number; load: number };
  problems: string[];
}

/**
 * Whether the programs trade every pair (`BENCH_PAIRS=all`: program n on the nth pair, in turn)
 * rather than BTC_USDT only: with the market spread (`MARKET_SPREAD=on`, passed to the server),
 * a lone server then owns eight busy units.
 */
const ALL_PAIRS = process.env.BENCH_PAIRS === 'all';

/** The server's MARKET_SPREAD: off (one unit, as the figures recorded) unless set here. */
const SPREAD = process.env.MARKET_SPREAD ?? 'off';

/** A limit order's price and amount on `pair`, `offset` ticks off its middle (BTC_USDT as ever). */
function orderOn(pair: PairSymbol, offset: number): { price: string; amount: string } {
  if (pair === 'BTC_USDT') return { price: String(60_000 + offset), amount: '0.001' };
  const spec = PAIRS[pair];
  const ticks = Math.floor(spec.maxPriceTicks / 100) + offset;
  return {
    price: formatDecimal(BigInt(ticks) * spec.tickUnits, spec.priceDecimals),
    amount: formatDecimal(lotsOn(pair) * spec.lotUnits, spec.amountDecimals),
  };
}

/** Lots an order on `pair` takes: twice its smallest value at the middle price. */
function lotsOn(pair: PairSymbol): bigint {
  const spec = PAIRS[pair];
  return BigInt(Math.ceil((2 * spec.minNotional) / Math.floor(spec.maxPriceTicks / 100)));
}

/** What each trader is given: USDT, and of every base a thousand orders' worth. */
function fundsOfAll(): Partial<Record<Ticker, string>> {
  const funds: Partial<Record<Ticker, string>> = { USDT: '300000' };
  for (const pair of PAIR_SYMBOLS) {
    const spec = PAIRS[pair];
    funds[spec.base] = formatDecimal(lotsOn(pair) * 1000n * spec.lotUnits, spec.amountDecimals);
  }
  return funds;
}

/** Orders a program keeps resting before it cancels its oldest. */
const RESTING = 3;
/** Sockets the server takes from one address; programs spread over 127.0.0.x. */
const SOCKETS_PER_ADDRESS = 20;

/** One program: its socket, its resting orders, its one request in flight. */
class Program {
  readonly resting: number[] = [];
  private sent = 0;
  private sentAt = 0;

  constructor(
    readonly socket: WebSocket,
    /** The pair it trades. */
    private readonly pair: PairSymbol,
    private readonly random: () => number,
    private readonly done: (program: Program, result: SocketResult, ms: number) => void,
  ) {
    socket.on('message', (data: Buffer) => {
      const parsed = JSON.parse(data.toString()) as MarketServerMessage | MarketServerMessage[];
      for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
        if (message.type === 'result') this.answered(message);
      }
    });
  }

  /** Sends the next request: a cancel once it holds enough, else a limit order. */
  next(): void {
    this.sent += 1;
    this.sentAt = performance.now();
    const id = `r${this.sent}`;
    const oldest = this.resting.length >= RESTING ? this.resting.shift() : undefined;
    if (oldest !== undefined) {
      this.socket.send(JSON.stringify({ v: 1, type: 'cancel', id, params: { id: oldest } }));
      return;
    }
    const buy = this.random() < 0.5;
    const crossing = this.random() < 0.25;
    const offset = Math.floor(this.random() * 50) + (crossing ? -60 : 1);
    const params = { pair: this.pair, side: buy ? 'buy' : 'sell', type: 'limit' };
    const order = { ...params, ...orderOn(this.pair, buy ? -offset : offset) };
    this.socket.send(JSON.stringify({ v: 1, type: 'place', id, params: order }));
  }

  private answered(result: SocketResult): void {
    if (result.status && 'order' in result) {
      const { order } = result;
      if (order.status === 'new' || order.status === 'partiallyFilled') this.resting.push(order.id);
    }
    this.done(this, result, performance.now() - this.sentAt);
  }
}

/** The pair program `index` trades. */
function pairOf(index: number): PairSymbol {
  return ALL_PAIRS ? (PAIR_SYMBOLS[index % PAIR_SYMBOLS.length] as PairSymbol) : 'BTC_USDT';
}

/** Makes an HMAC key for each trader, in the database as the seed would; id and secret. */
async function makeKeys(db: Database, boxKey: string, userIds: readonly number[]) {
  const keys: { id: string; secret: string }[] = [];
  for (const userId of userIds) {
    const id = newKeyId();
    const secret = newSecret();
    await db
      .insertInto('api_keys')
      .values({
        id,
        user_id: userId,
        label: 'bench',
        kind: 'hmac',
        scopes: JSON.stringify(['read', 'trade']),
        ip_allowlist: JSON.stringify([]),
        secret_sealed: sealKeySecret(boxKey, userId, id, secret),
        public_key: null,
        created_ip: '127.0.0.1',
        expires_at: null,
      })
      .execute();
    keys.push({ id, secret });
  }
  return keys;
}

/** Opens and logs in one socket per key, from 127.0.0.x addresses. */
async function connect(url: string, keys: readonly { id: string; secret: string }[]) {
  return Promise.all(
    keys.map(async (key, index) => {
      const localAddress = `127.0.0.${1 + Math.floor(index / SOCKETS_PER_ADDRESS)}`;
      const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/market`, { localAddress });
      await new Promise((ready, fail) => {
        socket.once('open', ready);
        socket.once('error', fail);
      });
      const answer = new Promise<MarketServerMessage>((heard) =>
        socket.once('message', (data: Buffer) => heard(JSON.parse(data.toString()))),
      );
      socket.send(JSON.stringify(loginMessage(key)));
      const login = await answer;
      if (login.type !== 'login') throw new Error(`login refused: ${JSON.stringify(login)}`);
      return socket;
    }),
  );
}

/** Loads one server on `place` with `count` programs for `seconds` (after a warm-up). */
export async function benchSocketOrders(
  database: string,
  place: DatabasePlace,
  count: number,
  seconds: number,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<SocketOrderFigures> {
  const config = loadConfig(serverEnv(place, env));
  const funds = ALL_PAIRS ? fundsOfAll() : undefined;
  const traders = await withDatabase(place, (db) => prepareTraders(db, config, count, funds));
  const keys = await withDatabase(place, (db) =>
    makeKeys(
      db,
      config.twoFactorKey,
      traders.map((t) => t.userId),
    ),
  );
  const server = await startServerProcess(place, env, nodeArgs);
  try {
    const sockets = await connect(server.url, keys);
    const tally = { placed: 0, cancelled: 0, refused: 0, latencies: [] as number[] };
    const refusals: Record<string, number> = {};
    let measuring = false;
    let running = true;
    const random = seededRandom(2026);
    const programs = sockets.map(
      (socket, index) =>
        new Program(socket, pairOf(index), random, (program, result, ms) => {
          if (measuring) {
            if (!result.status) {
              tally.refused += 1;
              refusals[result.error_code] = (refusals[result.error_code] ?? 0) + 1;
            } else if ('order' in result && result.order.status === 'cancelled')
              tally.cancelled += 1;
            else tally.placed += 1;
            tally.latencies.push(ms);
          }
          if (running) program.next();
        }),
    );
    for (const program of programs) program.next();
    await new Promise((wake) => setTimeout(wake, 2_000));
    measuring = true;
    const cpu = sampleCpu(processesOf(server.pid, place));
    const from = Date.now();
    await new Promise((wake) => setTimeout(wake, seconds * 1000));
    const cpuSeconds = cpu.stop();
    markWindow(database, from);
    measuring = false;
    running = false;
    const { placed, cancelled, refused, latencies } = tally;
    await new Promise((wake) => setTimeout(wake, 500));
    for (const socket of sockets) socket.close();
    await server.stop();
    const answered = placed + cancelled + refused;
    const perRequest = (group: string) => ((cpuSeconds[group] ?? 0) * 1000) / answered;
    return await withDatabase(place, async (db) => ({
      database,
      programs: count,
      seconds,
      requestsPerSecond: answered / seconds,
      placed,
      cancelled,
      refused,
      refusals,
      trades: Number(
        (
          await db
            .selectFrom('trades')
            .select((t) => t.fn.countAll<number>().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      ),
      p50Ms: median(latencies),
      p99Ms: percentile(latencies, 0.99),
      cpuMsPerRequest: {
        server: perRequest('server'),
        database: perRequest('database'),
        load: perRequest('load'),
      },
      problems: await auditSpot(db, config.referralShare),
    }));
  } finally {
    await server.kill();
  }
}

/** Runs the bench on every database there is, or on the one named `only`. */
export async function benchAllSocketOrders(
  count = 256,
  seconds = 10,
  nodeArgs: readonly string[] = [],
  only: string | undefined = undefined,
) {
  const dbs = await databases();
  const figures: SocketOrderFigures[] = [];
  try {
    for (const name of dbs.names.filter((each) => only === undefined || each === only)) {
      const fresh = await dbs.fresh(name);
      try {
        figures.push(
          await benchSocketOrders(
            name,
            fresh.place,
            count,
            seconds,
            { MARKET_SPREAD: SPREAD },
            nodeArgs,
          ),
        );
      } finally {
        await fresh.remove();
      }
    }
  } finally {
    await dbs.stop();
  }
  return figures;
}

/** The goals: CPU per durable order, server and database together. */
const GOALS: Record<string, number> = { PGlite: 0.3, PostgreSQL: 0.15 };

/** The measurements table. */
export function socketOrdersTable(figures: readonly SocketOrderFigures[], machine: string) {
  const [first] = figures;
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  const n = (value: number) => Math.round(value).toLocaleString('en-US');
  return [
    `Order entry over the market socket: ${first?.programs ?? 0} programs, each logged in with its own`,
    `API key, placing limit orders on ${ALL_PAIRS ? 'all eight pairs (a program a pair, in turn)' : 'BTC_USDT'} (most resting near the touch, a quarter crossing`,
    `it) and cancelling its oldest once it holds ${RESTING}, one request in flight each, for`,
    `${first?.seconds ?? 0} s after a 2 s warm-up (${machine}, MARKET_SPREAD=${SPREAD}). Each answer comes after its commit; the run`,
    'ends with the spot audit. CPU per answered request (a place or a cancel, each a durable',
    "change), read from /proc: the server process (its embedded database's thread included) and",
    "PostgreSQL's sessions together against the goal, the load generator (this process) apart.",
    '',
    '| database | requests/s | p50 | p99 | placed | cancelled | refused | trades | server | PostgreSQL | server + database | goal | load generator | audit |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map((f) => {
      const { server, database, load } = f.cpuMsPerRequest;
      const goal = GOALS[f.database];
      return `| ${f.database} | ${n(f.requestsPerSecond)} | ${f.p50Ms.toFixed(1)} ms | ${f.p99Ms.toFixed(1)} ms | ${n(f.placed)} | ${n(f.cancelled)} | ${n(f.refused)} | ${n(f.trades)} | ${ms(server)} | ${database > 0 ? ms(database) : '—'} | ${ms(server + database)} | ${goal === undefined ? '—' : ms(goal)} | ${ms(load)} | ${f.problems.length === 0 ? 'clean' : `${f.problems.length} problems`} |`;
    }),
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  const machine = `${cpus().length} cores, Node ${process.versions.node}`;
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  // PROFILE_DIR=folder writes a CPU profile of each server (node --cpu-prof) there.
  const profile = process.env.PROFILE_DIR;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profile)}`] : [];
  const programs = Number(process.env.PROGRAMS ?? 256);
  // DATABASE=PostgreSQL (or PGlite) runs one database only.
  const figures = await benchAllSocketOrders(programs, seconds, nodeArgs, process.env.DATABASE);
  const table = socketOrdersTable(figures, machine);
  console.log(table);
  // `--write` puts the table in docs/measurements.md, as `npm run bench` does.
  if (process.argv.includes('--write')) writeMeasurements('socketorders', table);
  for (const f of figures) console.log(f.database, f.refusals, f.problems.slice(0, 5));
}
