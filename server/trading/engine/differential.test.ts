import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { seededRandom } from '../../../test/seededRandom.ts';
import type { BookLimits } from './BookLimits.ts';
import type { EngineEvent, OrderUpdate } from './EngineEvent.ts';
import type { OpenOrderRecord } from './OpenOrderRecord.ts';
import { OrderBook } from './OrderBook.ts';
import type { OrderRequest, SelfTradeMode, Side } from './OrderRequest.ts';
import { ReferenceBook } from './ReferenceBook.ts';

const LIMITS: BookLimits = {
  maxPriceTicks: 100_000,
  maxLots: 1_000,
  maxNotional: 100_000_000,
  minNotional: 2_000,
};

/** A pair whose prices are too many for a tick index: its book keeps levels in a tree instead. */
const WIDE: BookLimits = { ...LIMITS, maxPriceTicks: 2 ** 40 };

/** What the test remembers of every accepted order, as a persistence layer would. */
interface Known {
  request: OrderRequest;
  update: OrderUpdate;
  triggered: boolean;
}

/** One step of a stream; a modify is a cancel and a new limit order under the same id. */
type Operation =
  | { kind: 'place'; request: OrderRequest }
  | { kind: 'cancel'; id: number }
  | { kind: 'cancelAll'; accountId: number }
  | { kind: 'modify'; request: OrderRequest };

/**
 * Turns a seeded stream into order requests, cancels and the odd invalid or duplicate order.
 * Steady: prices around 1,000. Moving (`operations` given): around a price that drifts, crashes
 * 15% and recovers, with more cancels, IOC and modifies, so levels open and close all the time.
 */
class Stream {
  private nextId = 1;
  private readonly pick: (n: number) => number;
  private walk = 1_000;
  private step = 0;
  /** The price orders gather around now. */
  private center = 1_000;

  constructor(
    private readonly next: () => number,
    private readonly known: Map<number, Known>,
    private readonly operations = 0,
  ) {
    this.pick = (n) => Math.floor(next() * n);
  }

  operation(at: number): Operation {
    if (this.operations === 0) return this.steady(at);
    this.walk += this.pick(3) - 1;
    const crash = crashDepth(this.step++ / this.operations);
    this.center = Math.max(100, Math.round(this.walk * (1 - crash)));
    const roll = this.next();
    if (roll < 0.4) return { kind: 'cancel', id: this.openId() ?? this.nextId + 7 };
    if (roll < 0.49) {
      const modify = this.modify(at);
      if (modify !== null) return modify;
    }
    if (roll < 0.57) {
      const request = this.request(at);
      if (request.type === 'limit')
        return { kind: 'place', request: { ...request, timeInForce: 'IOC' } };
    }
    return { kind: 'place', request: this.request(at) };
  }

  /** A resting limit order again at a new price and size, under its id and without its client id. */
  private modify(at: number): Operation | null {
    const id = this.openId();
    const first = id === undefined ? undefined : this.known.get(id)?.request;
    if (first === undefined || first.type !== 'limit') return null;
    const { clientOrderId: _, ...rest } = first;
    const priceTicks = this.center - 20 + this.pick(41) + (first.side === 'buy' ? -3 : 3);
    return { kind: 'modify', request: { ...rest, priceTicks, lots: 2 + this.pick(40), at } };
  }

  private steady(at: number): Operation {
    const roll = this.next();
    if (roll < 0.2) return { kind: 'cancel', id: this.openId() ?? this.nextId + 7 };
    if (roll < 0.23) return { kind: 'cancelAll', accountId: 1 + this.pick(4) };
    if (roll < 0.26) {
      const id = this.openId();
      const first = id === undefined ? undefined : this.known.get(id);
      if (first?.request.clientOrderId !== undefined) {
        return { kind: 'place', request: { ...first.request, id: this.nextId++, at } };
      }
    }
    return { kind: 'place', request: this.request(at) };
  }

  private openId(): number | undefined {
    const open = [...this.known.values()].filter((k) => k.update.openLots > 0 || isWaiting(k));
    return open[this.pick(open.length)]?.request.id;
  }

  private request(at: number): OrderRequest {
    const id = this.nextId++;
    const side: Side = this.next() < 0.5 ? 'buy' : 'sell';
    const modes: (SelfTradeMode | undefined)[] = [
      undefined,
      'none',
      'expireTaker',
      'expireMaker',
      'expireBoth',
    ];
    const base = {
      id,
      accountId: 1 + this.pick(4),
      side,
      at,
      ...(this.next() < 0.3 ? { clientOrderId: `c${id}` } : {}),
      ...(this.pick(2) ? { selfTrade: modes[this.pick(modes.length)] as SelfTradeMode } : {}),
    };
    const spread = this.operations === 0 ? 21 : 41;
    const low = this.center - (spread - 1) / 2;
    const price = low + this.pick(spread) + (side === 'buy' ? -3 : 3);
    const lots = this.next() < 0.05 ? 1 : 2 + this.pick(40);
    const roll = this.next();
    if (roll < 0.02) return { ...base, type: 'limit', priceTicks: price + 0.5, lots };
    if (roll < 0.5) {
      const postOnly = this.next() < 0.1;
      return { ...base, type: 'limit', priceTicks: price, lots, ...(postOnly ? { postOnly } : {}) };
    }
    if (roll < 0.62) return { ...base, type: 'limit', priceTicks: price, lots, timeInForce: 'IOC' };
    if (roll < 0.7) return { ...base, type: 'limit', priceTicks: price, lots, timeInForce: 'FOK' };
    const stopTicks = low + this.pick(spread);
    if (roll < 0.86) return { ...base, type: 'market', ...this.marketSize(side, lots) };
    if (roll < 0.93) {
      return { ...base, type: 'stopLimit', stopTicks, priceTicks: price, lots };
    }
    return { ...base, type: 'stopMarket', stopTicks, ...this.marketSize(side, lots) };
  }

  private marketSize(side: Side, lots: number): { lots?: number; total?: number } {
    if (side === 'sell') return { lots };
    const total = 2_000 + this.pick(60_000);
    const roll = this.next();
    return roll < 0.4 ? { lots } : roll < 0.8 ? { total } : { lots, total };
  }
}

/** How far below its walk the moving price is at `progress` (0 to 1) of the stream: 15% at most. */
function crashDepth(progress: number): number {
  if (progress < 0.4 || progress >= 0.52) return 0;
  if (progress < 0.42) return (0.15 * (progress - 0.4)) / 0.02;
  return (0.15 * (0.52 - progress)) / 0.1;
}

function isWaiting(known: Known): boolean {
  const { request, update, triggered } = known;
  const stop = request.type === 'stopLimit' || request.type === 'stopMarket';
  return stop && !triggered && update.status === 'new';
}

/** Folds events into the test's memory of orders and checks each fill adds up. */
class Ledger {
  readonly known = new Map<number, Known>();
  private readonly fills = new Map<number, { lots: number; notional: number }>();

  accept(request: OrderRequest, update: OrderUpdate): void {
    // A modify's replacement takes over its id; results are the book's until its next call.
    if (update.status !== 'rejected') {
      this.known.set(update.id, { request, update: { ...update }, triggered: false });
      this.fills.delete(update.id);
    }
  }

  apply(events: readonly EngineEvent[]): void {
    for (const event of events) {
      if (event.type === 'trade') {
        for (const id of [event.makerOrderId, event.takerOrderId]) {
          const sum = this.fills.get(id) ?? { lots: 0, notional: 0 };
          sum.lots += event.lots;
          sum.notional += event.lots * event.priceTicks;
          this.fills.set(id, sum);
        }
      } else if (event.type === 'stopTriggered') {
        const known = this.known.get(event.orderId);
        if (known) known.triggered = true;
      } else {
        const sum = this.fills.get(event.id) ?? { lots: 0, notional: 0 };
        assert.equal(event.filledLots, sum.lots, `order ${event.id}: filled lots = sum of fills`);
        assert.equal(event.filledNotional, sum.notional, `order ${event.id}: notional = fills`);
        const known = this.known.get(event.id);
        if (known) known.update = { ...event };
      }
    }
  }

  /** The open orders as records, the way the server would persist them for a restart. */
  records(): OpenOrderRecord[] {
    return [...this.known.values()]
      .filter((k) => k.update.status === 'new' || k.update.status === 'partiallyFilled')
      .map((k) => ({
        request: k.request,
        filledLots: k.update.filledLots,
        filledNotional: k.update.filledNotional,
        priority: k.update.priority,
        triggered: k.triggered,
      }));
  }
}

/** The engine and the reference side by side, fed the same operations. */
class Pair {
  engine: OrderBook;
  readonly reference: ReferenceBook;
  readonly ledger = new Ledger();
  stops = 0;

  constructor(readonly limits: BookLimits) {
    this.engine = new OrderBook(limits, { rememberFinished: 1_000_000 });
    this.reference = new ReferenceBook(limits);
  }

  place(request: OrderRequest, where: string): void {
    const got = this.engine.place(request);
    const want = this.reference.place(request);
    assert.deepEqual(got.order, want.order, where);
    assert.deepEqual(got.events, want.events, where);
    assert.equal(got.bookSeq, want.bookSeq, where);
    if (!got.duplicate) this.ledger.accept(request, got.order);
    this.ledger.apply(got.events);
    this.stops += got.events.filter((e) => e.type === 'stopTriggered').length;
  }

  run(op: Operation, at: number, where: string): void {
    if (op.kind === 'place') this.place(op.request, where);
    else if (op.kind === 'cancelAll') {
      const got = this.engine.cancelAll(op.accountId, at);
      assert.deepEqual(got, this.reference.cancelAll(op.accountId, at), where);
      this.ledger.apply(got.events);
    } else {
      const id = op.kind === 'cancel' ? op.id : op.request.id;
      const got = this.engine.cancel(id, at);
      assert.deepEqual(got, this.reference.cancel(id, at), where);
      this.ledger.apply(got.events);
      if (op.kind === 'modify') this.place(op.request, where);
    }
  }

  /** Both books show the same depth and last price, and the engine's does not cross. */
  compare(where: string): void {
    const depth = this.engine.depth(10);
    assert.deepEqual({ bids: depth.bids, asks: depth.asks }, this.reference.depth(10), where);
    assert.equal(depth.lastPriceTicks, this.reference.last, where);
    const [bid, ask] = [depth.bids[0], depth.asks[0]];
    if (bid && ask) assert.ok(bid.priceTicks < ask.priceTicks, `crossed book at ${where}`);
  }
}

function run(
  seed: number,
  operations: number,
  moving = false,
  limits = LIMITS,
): { trades: number; stops: number } {
  const pair = new Pair(limits);
  const stream = new Stream(seededRandom(seed), pair.ledger.known, moving ? operations : 0);
  for (let step = 1; step <= operations; step++) {
    const at = 1_700_000_000_000 + step;
    const op = stream.operation(at);
    const where = `seed ${seed}, step ${step}: ${JSON.stringify(op)}`;
    pair.run(op, at, where);
    pair.compare(where);
    if (step % 500 === 0) {
      pair.engine = restored(pair.engine, pair.ledger, limits);
      pair.reference.restart();
    }
  }
  return { trades: pair.engine.tradeSeq, stops: pair.stops };
}

/** A new engine rebuilt from the persisted open orders; it must show the same book. */
function restored(engine: OrderBook, ledger: Ledger, limits: BookLimits): OrderBook {
  const fresh = new OrderBook(limits, { rememberFinished: 1_000_000 });
  fresh.restore({
    orders: ledger.records(),
    lastPriceTicks: engine.lastPriceTicks,
    tradeSeq: engine.tradeSeq,
    bookSeq: engine.bookSeq,
  });
  assert.deepEqual(fresh.depth(1_000), engine.depth(1_000));
  assert.equal(fresh.openCount, engine.openCount);
  return fresh;
}

describe('OrderBook against the reference book', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`gives the same trades, updates and depth for seeded stream ${seed}`, () => {
      const { trades, stops } = run(seed, 2_500);
      // The stream must actually exercise matching and stops, not just rest orders.
      assert.ok(trades > 300, `only ${trades} trades`);
      assert.ok(stops > 10, `only ${stops} stops triggered`);
    });
  }
  for (const seed of [11, 12, 13]) {
    it(`gives the same for a moving market with a crash, cancels, IOC and modifies (seed ${seed})`, () => {
      const { trades, stops } = run(seed, 4_000, true);
      assert.ok(trades > 100, `only ${trades} trades`);
      assert.ok(stops > 3, `only ${stops} stops triggered`);
    });
  }
  it('gives the same on a pair with too many prices for a tick index (levels in a tree)', () => {
    const { trades } = run(14, 4_000, true, WIDE);
    assert.ok(trades > 100, `only ${trades} trades`);
  });
});
