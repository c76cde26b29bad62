/**
 * The matching engine on one book held near 10,000 resting orders, fed a mixed stream (new limit
 * orders near the touch, more cancels than trades, IOC and small market orders), next to
 * nodejs-order-book fed the same stream; plus the cost of one cancel with 10 and 10,000 orders
 * at its price. `node --import tsx bench/engine.ts` prints the table alone.
 */
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LimitOrderOptions, Side, OrderBook as TheirBook } from 'nodejs-order-book';
import { PAIRS } from '../core/markets/pairs.ts';
import { OrderBook } from '../server/trading/engine/OrderBook.ts';
import { seededRandom } from '../test/seededRandom.ts';

/** The kinds of operation in the stream, in table order. */
export const OPERATION_KINDS = ['new limit', 'cancel', 'IOC', 'market'] as const;

const LIMIT = 0;
const CANCEL = 1;
const IOC = 2;
const MARKET = 3;

/** The resting orders the stream holds the book near. */
export const STEADY_ORDERS = 10_000;

/** One engine's figures on the stream. */
export interface EngineRun {
  name: string;
  opsPerSecond: number;
  p50Ns: number;
  p99Ns: number;
  byKind: { kind: string; share: number; p50Ns: number; p99Ns: number }[];
}

/** One cancel's cost in a price level, on both engines. */
export interface CancelCost {
  /** The level's length, and where in it the cancels land. */
  label: string;
  oursNs: number;
  theirsNs: number;
}

/** What benchEngine measured. */
export interface EngineFigures {
  operations: number;
  trades: number;
  openAfter: number;
  timerNs: number;
  runs: EngineRun[];
  cancelCost: CancelCost[];
}

/** The stream as columns: kind, order id (new) or target id (cancel), side, price, lots. */
interface Stream {
  length: number;
  kind: Uint8Array;
  id: Float64Array;
  buy: Uint8Array;
  price: Float64Array;
  lots: Float64Array;
  /** Ids as strings, for nodejs-order-book (made up front, outside the timing). */
  names: string[];
}

// nodejs-order-book declares its TimeInForce enum but does not export it; these are its values.
type TheirTimeInForce = NonNullable<LimitOrderOptions['timeInForce']>;
const THEIR_IOC = 'IOC' as TheirTimeInForce;
const THEIR_GTC = 'GTC' as TheirTimeInForce;

const SPEC = PAIRS.BTC_USDT;
const MID = 6_500_000; // 65,000.00 USDT in ticks

/** The account of an order: a thousand accounts share the book, as market makers do. */
const accountOf = (id: number) => 1 + (id % 1000);

function newStream(length: number): Stream {
  return {
    length,
    kind: new Uint8Array(length),
    id: new Float64Array(length),
    buy: new Uint8Array(length),
    price: new Float64Array(length),
    lots: new Float64Array(length),
    names: [],
  };
}

/** Open order ids with O(1) add, remove and uniform pick. */
class LiveIds {
  private readonly ids: number[] = [];
  private readonly index = new Map<number, number>();

  get size(): number {
    return this.ids.length;
  }

  add(id: number): void {
    if (this.index.has(id)) return;
    this.index.set(id, this.ids.length);
    this.ids.push(id);
  }

  remove(id: number): void {
    const at = this.index.get(id);
    if (at === undefined) return;
    const last = this.ids.pop() as number;
    if (last !== id) {
      this.ids[at] = last;
      this.index.set(last, at);
    }
    this.index.delete(id);
  }

  pick(next: () => number): number {
    return this.ids[Math.floor(next() * this.ids.length)] as number;
  }
}

/**
 * The prefill (STEADY_ORDERS resting limit orders, denser near the touch) followed by `length`
 * mixed operations. The stream is made by running it through our engine, which tells which ids
 * are still open to cancel and steers new orders against cancels to hold the depth steady.
 */
function makeStream(operations: number, seed: number): { prefill: Stream; ops: Stream } {
  const next = seededRandom(seed);
  const book = new OrderBook(SPEC);
  const live = new LiveIds();
  const prefill = newStream(STEADY_ORDERS);
  const ops = newStream(operations);
  let nextId = 1;
  const distance = (scale: number) => 1 + Math.floor(-Math.log(1 - next()) * scale);
  const record = (s: Stream, i: number, kind: number, id: number, buy: boolean, price = 0) => {
    s.kind[i] = kind;
    s.id[i] = id;
    s.buy[i] = buy ? 1 : 0;
    s.price[i] = price;
    s.lots[i] = kind === CANCEL ? 0 : 10 + Math.floor(next() * (kind === LIMIT ? 1000 : 300));
  };
  const apply = (s: Stream, i: number) => {
    const request = toRequest(s, i);
    const result = request === null ? book.cancel(s.id[i] as number, 0) : book.place(request);
    for (const event of result.events) {
      if (event.type !== 'order') continue;
      if (event.status === 'new' || event.status === 'partiallyFilled') live.add(event.id);
      else live.remove(event.id);
    }
  };
  for (let i = 0; i < STEADY_ORDERS; i++) {
    const buy = i % 2 === 0;
    record(prefill, i, LIMIT, nextId++, buy, buy ? MID - distance(60) : MID + distance(60));
    apply(prefill, i);
  }
  for (let i = 0; i < operations; i++) {
    const roll = next();
    const buy = next() < 0.5;
    const bestBid = book.depth(1).bids[0]?.priceTicks ?? MID - 1;
    const bestAsk = book.depth(1).asks[0]?.priceTicks ?? MID + 1;
    // Hold the depth near STEADY_ORDERS: above it a new order becomes a cancel, below it the reverse.
    const wantsCancel =
      roll < 0.4 ? live.size > STEADY_ORDERS - 300 : live.size > STEADY_ORDERS + 300;
    if (roll < 0.84 && wantsCancel) record(ops, i, CANCEL, live.pick(next), buy);
    else if (roll < 0.84) {
      const price = buy ? bestAsk - distance(20) : bestBid + distance(20);
      record(ops, i, LIMIT, nextId++, buy, price);
    } else if (roll < 0.93) {
      record(ops, i, IOC, nextId++, buy, buy ? bestAsk + 2 : bestBid - 2);
    } else record(ops, i, MARKET, nextId++, buy);
    apply(ops, i);
  }
  for (const s of [prefill, ops]) {
    s.names = Array.from(s.id, (id) => String(id));
  }
  return { prefill, ops };
}

function toRequest(s: Stream, i: number) {
  const kind = s.kind[i] as number;
  if (kind === CANCEL) return null;
  const id = s.id[i] as number;
  const side = s.buy[i] === 1 ? ('buy' as const) : ('sell' as const);
  const lots = s.lots[i] as number;
  const base = { id, accountId: accountOf(id), side, at: 0, selfTrade: 'none' as const };
  if (kind === MARKET) return { ...base, type: 'market' as const, lots };
  const priceTicks = s.price[i] as number;
  const timeInForce = kind === IOC ? ('IOC' as const) : ('GTC' as const);
  return { ...base, type: 'limit' as const, priceTicks, lots, timeInForce };
}

/** One operation on our engine; self-trade prevention off, as nodejs-order-book has it by default. */
function runOurs(book: OrderBook, s: Stream, i: number): void {
  const kind = s.kind[i];
  const id = s.id[i] as number;
  if (kind === CANCEL) {
    book.cancel(id, 0);
    return;
  }
  const side = s.buy[i] === 1 ? 'buy' : 'sell';
  const lots = s.lots[i] as number;
  const accountId = accountOf(id);
  if (kind === MARKET) {
    book.place({ id, accountId, side, at: 0, selfTrade: 'none', type: 'market', lots });
    return;
  }
  const timeInForce = kind === IOC ? 'IOC' : 'GTC';
  const priceTicks = s.price[i] as number;
  book.place({
    id,
    accountId,
    side,
    at: 0,
    selfTrade: 'none',
    type: 'limit',
    priceTicks,
    lots,
    timeInForce,
  });
}

/** The same operation on nodejs-order-book. */
function runTheirs(book: TheirBook, s: Stream, i: number): void {
  const kind = s.kind[i];
  const id = s.names[i] as string;
  if (kind === CANCEL) {
    book.cancel(id);
    return;
  }
  const side = s.buy[i] === 1 ? Side.BUY : Side.SELL;
  const size = s.lots[i] as number;
  if (kind === MARKET) {
    book.market({ side, size });
    return;
  }
  const timeInForce = kind === IOC ? THEIR_IOC : THEIR_GTC;
  book.limit({ id, side, size, price: s.price[i] as number, timeInForce });
}

// Each engine gets its own copy of the loops, so neither call site sees the other's functions
// (a shared loop would turn polymorphic and slow whichever engine runs second).

function oursPass(book: OrderBook, s: Stream): void {
  for (let i = 0; i < s.length; i++) runOurs(book, s, i);
}

function oursTimed(book: OrderBook, s: Stream, times: Float64Array): void {
  for (let i = 0; i < s.length; i++) {
    const start = process.hrtime.bigint();
    runOurs(book, s, i);
    times[i] = Number(process.hrtime.bigint() - start);
  }
}

function oursAll(book: OrderBook, s: Stream): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < s.length; i++) runOurs(book, s, i);
  return Number(process.hrtime.bigint() - start);
}

function theirsPass(book: TheirBook, s: Stream): void {
  for (let i = 0; i < s.length; i++) runTheirs(book, s, i);
}

function theirsTimed(book: TheirBook, s: Stream, times: Float64Array): void {
  for (let i = 0; i < s.length; i++) {
    const start = process.hrtime.bigint();
    runTheirs(book, s, i);
    times[i] = Number(process.hrtime.bigint() - start);
  }
}

function theirsAll(book: TheirBook, s: Stream): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < s.length; i++) runTheirs(book, s, i);
  return Number(process.hrtime.bigint() - start);
}

interface Engine<B> {
  name: string;
  create: () => B;
  run: (book: B, s: Stream, i: number) => void;
  pass: (book: B, s: Stream) => void;
  timed: (book: B, s: Stream, times: Float64Array) => void;
  timeAll: (book: B, s: Stream) => number;
}

const OURS: Engine<OrderBook> = {
  name: 'this engine',
  create: () => new OrderBook(SPEC),
  run: runOurs,
  pass: oursPass,
  timed: oursTimed,
  timeAll: oursAll,
};

const THEIRS: Engine<TheirBook> = {
  name: 'nodejs-order-book',
  create: () => new TheirBook(),
  run: runTheirs,
  pass: theirsPass,
  timed: theirsTimed,
  timeAll: theirsAll,
};

function prefilled<B>(engine: Engine<B>, prefill: Stream): B {
  const book = engine.create();
  engine.pass(book, prefill);
  return book;
}

/** Nanoseconds for the whole stream with no timer inside the loop. */
function throughput<B>(engine: Engine<B>, prefill: Stream, ops: Stream): number {
  const book = prefilled(engine, prefill);
  const start = process.hrtime.bigint();
  engine.pass(book, ops);
  return Number(process.hrtime.bigint() - start);
}

/** Each operation's own time, read with process.hrtime.bigint() either side of it. */
function latencies<B>(engine: Engine<B>, prefill: Stream, ops: Stream): Float64Array {
  const book = prefilled(engine, prefill);
  const times = new Float64Array(ops.length);
  engine.timed(book, ops, times);
  return times;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

function summarise<B>(engine: Engine<B>, prefill: Stream, ops: Stream): EngineRun {
  // Best of three whole-stream timings: the machine is shared, and noise only ever adds time.
  const elapsed = Math.min(...[0, 1, 2].map(() => throughput(engine, prefill, ops)));
  const times = latencies(engine, prefill, ops);
  const all = Float64Array.from(times).sort();
  const byKind = OPERATION_KINDS.map((kind, code) => {
    const mine = Float64Array.from(times.filter((_, i) => ops.kind[i] === code)).sort();
    const share = mine.length / ops.length;
    return { kind, share, p50Ns: percentile(mine, 0.5), p99Ns: percentile(mine, 0.99) };
  });
  return {
    name: engine.name,
    opsPerSecond: ops.length / (elapsed / 1e9),
    p50Ns: percentile(all, 0.5),
    p99Ns: percentile(all, 0.99),
    byKind,
  };
}

/** Cancels timed together, so the timer's own cost spreads over several. */
const CANCEL_BATCH = 5;

/** Batches of cancels per case and runs per case (best kept), for each engine: fewer for a slow one. */
const CANCEL_RUNS = {
  ours: { batches: 2_000, runs: 5 },
  theirs: { batches: 400, runs: 2 },
};

/** One case of the cancel comparison: the level's length and where in it the cancels land. */
interface CancelCase {
  levelOrders: number;
  /** Cancels pick among the level's `window` newest orders. */
  window: number;
  label: string;
}

const CANCEL_CASES: readonly CancelCase[] = [
  { levelOrders: 10, window: 10, label: '10' },
  { levelOrders: 10_000, window: 10, label: '10,000, one of the 10 newest' },
  { levelOrders: 10_000, window: 10_000, label: '10,000, anywhere' },
];

/**
 * The median cost of one cancel at a random place among a level's newest `window` orders, in a
 * book of STEADY_ORDERS either way (the rest one order per price behind the level), so only the
 * level's length differs. Cancels are timed CANCEL_BATCH at a time; the level is refilled at its
 * back after each batch, untimed.
 */
function cancelCost<B>(
  engine: Engine<B>,
  { levelOrders, window }: CancelCase,
  batches: number,
): number {
  const next = seededRandom(levelOrders + window);
  const orders = newStream(STEADY_ORDERS + batches * CANCEL_BATCH);
  for (let i = 0; i < orders.length; i++) {
    const inLevel = i < levelOrders || i >= STEADY_ORDERS;
    orders.kind[i] = LIMIT;
    orders.id[i] = i + 1;
    orders.price[i] = inLevel ? MID : MID + 1 + i;
    orders.lots[i] = 100;
  }
  orders.names = Array.from(orders.id, (id) => String(id));
  const book = engine.create();
  const level: number[] = [];
  for (let i = 0; i < STEADY_ORDERS; i++) {
    engine.run(book, orders, i);
    if (i < levelOrders) level.push(i + 1);
  }
  const cancels = newStream(CANCEL_BATCH);
  const times = new Float64Array(batches);
  let refilled = STEADY_ORDERS;
  for (let b = 0; b < batches; b++) {
    for (let c = 0; c < CANCEL_BATCH; c++) {
      const at = level.length - 1 - Math.floor(next() * (window - c));
      const id = level.splice(at, 1)[0] as number;
      cancels.kind[c] = CANCEL;
      cancels.id[c] = id;
      cancels.names[c] = String(id);
    }
    times[b] = engine.timeAll(book, cancels) / CANCEL_BATCH;
    for (let c = 0; c < CANCEL_BATCH; c++) {
      engine.run(book, orders, refilled);
      level.push(++refilled);
    }
  }
  return percentile(times.sort(), 0.5);
}

/** The lowest of several runs' medians: noise from a shared machine only ever adds time. */
function bestCancelCost<B>(
  engine: Engine<B>,
  c: CancelCase,
  { batches, runs }: { batches: number; runs: number },
): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run++) best = Math.min(best, cancelCost(engine, c, batches));
  return best;
}

/** What one process.hrtime.bigint() pair costs with nothing between (median). */
function timerCost(): number {
  const times = new Float64Array(100_000);
  for (let i = 0; i < times.length; i++) {
    const start = process.hrtime.bigint();
    times[i] = Number(process.hrtime.bigint() - start);
  }
  return percentile(times.sort(), 0.5);
}

/** Runs the stream on both engines and the cancel comparison. */
export function benchEngine(operations = 300_000): EngineFigures {
  const { prefill, ops } = makeStream(operations, 42);
  // Warm both engines' code up (JIT) on a shorter stream first.
  const warm = makeStream(50_000, 7);
  throughput(OURS, warm.prefill, warm.ops);
  throughput(THEIRS, warm.prefill, warm.ops);
  const runs = [summarise(OURS, prefill, ops), summarise(THEIRS, prefill, ops)];
  const cancelCosts = CANCEL_CASES.map((c) => ({
    label: c.label,
    oursNs: bestCancelCost(OURS, c, CANCEL_RUNS.ours),
    theirsNs: bestCancelCost(THEIRS, c, CANCEL_RUNS.theirs),
  }));
  const book = prefilled(OURS, prefill);
  oursPass(book, ops);
  return {
    operations,
    trades: book.tradeSeq,
    openAfter: book.openCount,
    timerNs: timerCost(),
    runs,
    cancelCost: cancelCosts,
  };
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const micros = (ns: number) => `${(ns / 1000).toFixed(2)} µs`;

/** Throughput and p99 latency the engine is meant to reach on one core. */
export const ENGINE_GOALS = { opsPerSecond: 1_000_000, p99Ns: 20_000 };

function streamTable(figures: EngineFigures, machine: string): string[] {
  const [limit, cancel, ioc, market] = (figures.runs[0]?.byKind ?? []).map(
    (k) => `${Math.round(k.share * 100)}%`,
  );
  return [
    `One BTC_USDT book held near ${count(STEADY_ORDERS)} resting orders; ${count(figures.operations)} operations from`,
    `1,000 accounts: ${limit} new limit orders near the touch, ${cancel} cancels, ${ioc} IOC and ${market}`,
    `market orders (${count(figures.trades)} trades). Each engine gets the same stream, in one process,`,
    `on one core (${machine}). ops/s: best of three passes with no timer inside.`,
    'Latency: process.hrtime.bigint() either side of each operation (the pair alone costs about',
    `${count(figures.timerNs)} ns, included). Figures vary from run to run on a busy machine.`,
    '',
    '| engine | ops/s | p50 | p99 | new limit p50 / p99 | cancel p50 / p99 | IOC p50 / p99 | market p50 / p99 |',
    '|---|---|---|---|---|---|---|---|',
    ...figures.runs.map((run) => {
      const kinds = run.byKind.map((k) => `${micros(k.p50Ns)} / ${micros(k.p99Ns)}`).join(' | ');
      const head = `${run.name} | ${count(run.opsPerSecond)} | ${micros(run.p50Ns)} | ${micros(run.p99Ns)}`;
      return `| ${head} | ${kinds} |`;
    }),
  ];
}

function cancelTable(figures: EngineFigures): string[] {
  const [short, recent, anywhere] = figures.cancelCost;
  const times = (a: number, b: number) => `${(a / b).toFixed(1)}x`;
  return [
    `One cancel in a price level, in a book of ${count(STEADY_ORDERS)} orders either way: the median`,
    `of ${count(CANCEL_RUNS.ours.batches)} batches of ${CANCEL_BATCH} cancels timed together, best of ${CANCEL_RUNS.ours.runs} runs`,
    `(nodejs-order-book: ${count(CANCEL_RUNS.theirs.batches)} batches, best of ${CANCEL_RUNS.theirs.runs}), the level refilled at its back after`,
    'each batch.',
    '',
    '| orders at the price, cancel lands | this engine | nodejs-order-book |',
    '|---|---|---|',
    ...figures.cancelCost.map(
      (c) => `| ${c.label} | ${micros(c.oursNs)} | ${micros(c.theirsNs)} |`,
    ),
    '',
    short && recent && anywhere
      ? [
          'A cancel in this engine unlinks one order whatever the level holds. In a level of',
          `10,000, a recent order costs ${times(recent.oursNs, short.oursNs)} what one in a level of 10 does; one`,
          `anywhere in it ${times(anywhere.oursNs, short.oursNs)}, the price of reading an order the CPU cache`,
          'no longer holds. nodejs-order-book walks every order at the price on each cancel:',
          `${times(anywhere.theirsNs, short.theirsNs)} from 10 to 10,000.`,
        ].join('\n')
      : '',
  ];
}

/** The measurements section: the machine, the stream, both engines and the cancel comparison. */
export function engineTable(figures: EngineFigures, machine: string): string {
  const ours = figures.runs[0];
  const met =
    ours !== undefined &&
    ours.opsPerSecond >= ENGINE_GOALS.opsPerSecond &&
    ours.p99Ns < ENGINE_GOALS.p99Ns;
  const goals = ours
    ? `Goals on one core: ${count(ENGINE_GOALS.opsPerSecond)} ops/s and p99 under ${ENGINE_GOALS.p99Ns / 1000} µs: ${met ? 'met' : 'not met'} (${count(ours.opsPerSecond)} ops/s, p99 ${micros(ours.p99Ns)}).`
    : '';
  return [...streamTable(figures, machine), '', goals, '', ...cancelTable(figures)].join('\n');
}

/** This machine, as the other sections describe it. */
export function machineDescription(): string {
  return `${cpus().length} cores, Node ${process.versions.node}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(engineTable(benchEngine(), machineDescription()));
}
