/**
 * The matching engine on two seeded streams (bench/engineStreams.ts): a steady book held near
 * 10,000 resting orders, and a moving market (a drifting price with a flash crash, levels opened
 * and closed about once per message, cancels, IOC and modifies), next to nodejs-order-book fed
 * the same messages; plus the cost of one cancel with 10 and 10,000 orders at its price.
 * `node --import tsx bench/engine.ts` prints the tables alone.
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LimitOrderOptions, Side, OrderBook as TheirBook } from 'nodejs-order-book';
import { OrderBook } from '../server/trading/engine/OrderBook.ts';
import { seededRandom } from '../test/seededRandom.ts';
import {
  accountOf,
  CANCEL,
  IOC,
  LIMIT,
  MARKET,
  MESSAGE_KINDS,
  MID,
  MODIFY,
  movingScenario,
  newStream,
  type Scenario,
  SPEC,
  STEADY_ORDERS,
  type Stream,
  steadyScenario,
} from './engineStreams.ts';

/** One engine's figures on a stream. */
export interface EngineRun {
  name: string;
  /** Messages it ran (nodejs-order-book may run a prefix only). */
  messages: number;
  opsPerSecond: number;
  /** Messages per second of the process's own CPU time: what other work on the machine took is left out. */
  cpuOpsPerSecond: number;
  p50Ns: number;
  p99Ns: number;
  byKind: { kind: string; share: number; p50Ns: number; p99Ns: number }[];
}

/** One scenario's figures. */
export interface ScenarioFigures {
  name: string;
  messages: number;
  prefillOrders: number;
  orderIds: number;
  levelChangesPerMessage: number;
  trades: number;
  openAfter: number;
  runs: EngineRun[];
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
  scenarios: ScenarioFigures[];
  timerNs: number;
  /** The 1-minute load average before and after the runs (other work on the machine). */
  load: [number, number];
  cancelCost: CancelCost[];
}

// nodejs-order-book declares its TimeInForce enum but does not export it; these are its values.
type TheirTimeInForce = NonNullable<LimitOrderOptions['timeInForce']>;
const THEIR_IOC = 'IOC' as TheirTimeInForce;
const THEIR_GTC = 'GTC' as TheirTimeInForce;

/**
 * Local bindings: under tsx an imported binding is read through a getter, which in the message
 * loop cost the bench about 5% of what it measures.
 */
const accountOfId = accountOf;
const [KIND_CANCEL, KIND_MODIFY, KIND_MARKET, KIND_IOC] = [CANCEL, MODIFY, MARKET, IOC];

/** One operation on our engine; self-trade prevention off, as nodejs-order-book has it by default. */
function runOurs(book: OrderBook, s: Stream, i: number): void {
  const kind = s.kind[i];
  const id = s.id[i] as number;
  if (kind === KIND_CANCEL || kind === KIND_MODIFY) {
    book.cancel(id, 0);
    if (kind === KIND_CANCEL) return;
  }
  const side = s.buy[i] === 1 ? 'buy' : 'sell';
  const lots = s.lots[i] as number;
  const accountId = accountOfId(id);
  if (kind === KIND_MARKET) {
    book.place({ id, accountId, side, at: 0, selfTrade: 'none', type: 'market', lots });
    return;
  }
  const timeInForce = kind === KIND_IOC ? 'IOC' : 'GTC';
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
  if (kind === KIND_CANCEL || kind === KIND_MODIFY) {
    book.cancel(id);
    if (kind === KIND_CANCEL) return;
  }
  const side = s.buy[i] === 1 ? Side.BUY : Side.SELL;
  const size = s.lots[i] as number;
  if (kind === KIND_MARKET) {
    book.market({ side, size });
    return;
  }
  const timeInForce = kind === KIND_IOC ? THEIR_IOC : THEIR_GTC;
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

/** Nanoseconds for the whole stream with no timer inside the loop, on the clock and in CPU time. */
function throughput<B>(engine: Engine<B>, prefill: Stream, ops: Stream): [number, number] {
  const book = prefilled(engine, prefill);
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  engine.pass(book, ops);
  const wall = Number(process.hrtime.bigint() - start);
  const { user, system } = process.cpuUsage(cpu);
  return [wall, (user + system) * 1000];
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
  const passes = [0, 1, 2].map(() => throughput(engine, prefill, ops));
  const elapsed = Math.min(...passes.map(([wall]) => wall));
  const cpu = Math.min(...passes.map(([, cpuNs]) => cpuNs));
  const times = latencies(engine, prefill, ops);
  const all = Float64Array.from(times).sort();
  const byKind = MESSAGE_KINDS.map((kind, code) => {
    const mine = Float64Array.from(times.filter((_, i) => ops.kind[i] === code)).sort();
    const share = mine.length / ops.length;
    return { kind, share, p50Ns: percentile(mine, 0.5), p99Ns: percentile(mine, 0.99) };
  });
  return {
    name: engine.name,
    messages: ops.length,
    opsPerSecond: ops.length / (elapsed / 1e9),
    cpuOpsPerSecond: ops.length / (cpu / 1e9),
    p50Ns: percentile(all, 0.5),
    p99Ns: percentile(all, 0.99),
    byKind,
  };
}

/** The first `length` messages of a stream. */
function prefix(s: Stream, length: number): Stream {
  if (length >= s.length) return s;
  return {
    length,
    kind: s.kind.subarray(0, length),
    id: s.id.subarray(0, length),
    buy: s.buy.subarray(0, length),
    price: s.price.subarray(0, length),
    lots: s.lots.subarray(0, length),
    names: s.names.slice(0, length),
  };
}

/** One scenario on both engines; nodejs-order-book on its first `theirMessages` only. */
function runScenario(scenario: Scenario, theirMessages: number): ScenarioFigures {
  const { prefill, ops } = scenario;
  const runs = [
    summarise(OURS, prefill, ops),
    summarise(THEIRS, prefill, prefix(ops, theirMessages)),
  ];
  const book = prefilled(OURS, prefill);
  oursPass(book, ops);
  return {
    name: scenario.name,
    messages: ops.length,
    prefillOrders: prefill.length,
    orderIds: scenario.orderIds,
    levelChangesPerMessage: scenario.levelChangesPerMessage,
    trades: book.tradeSeq,
    openAfter: book.openCount,
    runs,
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

/** Messages in each scenario, and the prefix nodejs-order-book runs of each (it is slow). */
export const ENGINE_MESSAGES = {
  steady: 300_000,
  moving: 2_000_000,
  theirSteady: 300_000,
  theirMoving: 200_000,
};

/** Runs both scenarios on both engines and the cancel comparison. */
export function benchEngine(messages = ENGINE_MESSAGES): EngineFigures {
  const loadBefore = loadavg()[0] ?? 0;
  // Warm both engines' code up (JIT) on shorter streams first.
  for (const warm of [steadyScenario(50_000, 7), movingScenario(50_000, 8)]) {
    throughput(OURS, warm.prefill, warm.ops);
    throughput(THEIRS, warm.prefill, warm.ops);
  }
  const scenarios = [
    runScenario(steadyScenario(messages.steady, 42), messages.theirSteady),
    runScenario(movingScenario(messages.moving, 43), messages.theirMoving),
  ];
  const cancelCosts = CANCEL_CASES.map((c) => ({
    label: c.label,
    oursNs: bestCancelCost(OURS, c, CANCEL_RUNS.ours),
    theirsNs: bestCancelCost(THEIRS, c, CANCEL_RUNS.theirs),
  }));
  return {
    scenarios,
    timerNs: timerCost(),
    load: [loadBefore, loadavg()[0] ?? 0],
    cancelCost: cancelCosts,
  };
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const micros = (ns: number) => `${(ns / 1000).toFixed(2)} µs`;

/** Throughput on each scenario and p99 latency the engine is meant to reach on one core. */
export const ENGINE_GOALS = {
  steadyOpsPerSecond: 1_500_000,
  movingOpsPerSecond: 2_000_000,
  p99Ns: 5_000,
};

const kindTimes = (run: EngineRun) =>
  run.byKind.map((k) => (k.share === 0 ? '—' : `${micros(k.p50Ns)} / ${micros(k.p99Ns)}`));

function streamTable(figures: EngineFigures, machine: string): string[] {
  const [steady, moving] = figures.scenarios;
  const shares = (s: ScenarioFigures | undefined) =>
    (s?.runs[0]?.byKind ?? [])
      .filter((k) => k.share > 0)
      .map((k) => `${Math.round(k.share * 100)}% ${k.kind}`)
      .join(', ');
  const [before, after] = figures.load.map((l) => l.toFixed(1));
  const rows = figures.scenarios.flatMap((s) =>
    s.runs.map((run) => {
      const head = `${s.name} | ${run.name} | ${count(run.messages)} | ${count(run.opsPerSecond)} | ${count(run.cpuOpsPerSecond)} | ${micros(run.p50Ns)} | ${micros(run.p99Ns)}`;
      return `| ${head} | ${kindTimes(run).join(' | ')} |`;
    }),
  );
  return [
    `Two seeded BTC_USDT streams from 1,000 accounts, self-trade prevention off, on one core (${machine};`,
    `load average ${before} before, ${after} after: other work shares the machine).`,
    steady
      ? `- steady: a book held near ${count(STEADY_ORDERS)} resting orders, ${count(steady.messages)} messages (${shares(steady)}; ${count(steady.trades)} trades; ${steady.levelChangesPerMessage.toFixed(2)} level opens and closes a message).`
      : '',
    moving
      ? `- moving market: a price that drifts, crashes 15% and recovers; a thin book of about ${count(moving.prefillOrders)} orders, ${count(moving.messages)} messages (${shares(moving)}; ${count(moving.orderIds)} order ids, ${count(moving.trades)} trades, ${moving.levelChangesPerMessage.toFixed(2)} level opens and closes a message). A modify is a cancel and a new limit order under the same id, timed as one message.`
      : '',
    `nodejs-order-book gets the same messages (the moving market's first ${count(figures.scenarios[1]?.runs[1]?.messages ?? 0)} only: it is slow).`,
    "Messages/s: best of three passes with no timer inside, by the clock and by the process's own CPU",
    'time (on a busy machine the clock also counts the time other processes had the core). Latency:',
    `process.hrtime.bigint() either side of each message (the pair alone costs about ${count(figures.timerNs)} ns, included).`,
    '',
    `| stream | engine | messages | messages/s | messages/CPU s | p50 | p99 | ${MESSAGE_KINDS.map((k) => `${k} p50 / p99`).join(' | ')} |`,
    `|---|---|---|---|---|---|---|${MESSAGE_KINDS.map(() => '---|').join('')}`,
    ...rows,
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

/** Whether a figure reached its goal, in words. */
const verdict = (met: boolean) => (met ? 'met' : 'not met');

/** The goals line: each throughput goal by the clock and by CPU time, and the p99 goal. */
function goalsLine(steady: EngineRun, moving: EngineRun): string {
  const { steadyOpsPerSecond, movingOpsPerSecond, p99Ns } = ENGINE_GOALS;
  const throughputGoal = (run: EngineRun, goal: number, name: string) =>
    `${count(goal)} messages/s ${name}: by the clock ${verdict(run.opsPerSecond >= goal)} (${count(run.opsPerSecond)}), by CPU time ${verdict(run.cpuOpsPerSecond >= goal)} (${count(run.cpuOpsPerSecond)})`;
  const p99 = Math.max(steady.p99Ns, moving.p99Ns);
  return [
    'Goals on one core:',
    `${throughputGoal(steady, steadyOpsPerSecond, 'steady')};`,
    `${throughputGoal(moving, movingOpsPerSecond, 'on the moving market')};`,
    `p99 under ${p99Ns / 1000} µs on both: ${verdict(p99 < p99Ns)} (${micros(steady.p99Ns)} and ${micros(moving.p99Ns)}).`,
  ].join(' ');
}

/** The measurements section: the machine, the streams, both engines and the cancel comparison. */
export function engineTable(figures: EngineFigures, machine: string): string {
  const [steady, moving] = figures.scenarios.map((s) => s.runs[0]);
  const goals = steady && moving ? goalsLine(steady, moving) : '';
  return [...streamTable(figures, machine), '', goals, '', ...cancelTable(figures)].join('\n');
}

/** This machine, as the other sections describe it. */
export function machineDescription(): string {
  return `${cpus().length} cores, Node ${process.versions.node}`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(engineTable(benchEngine(), machineDescription()));
}
