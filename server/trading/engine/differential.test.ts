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

/** What the test remembers of every accepted order, as a persistence layer would. */
interface Known {
  request: OrderRequest;
  update: OrderUpdate;
  triggered: boolean;
}

/** Turns a seeded stream into order requests, cancels and the odd invalid or duplicate order. */
class Stream {
  private nextId = 1;
  private readonly pick: (n: number) => number;

  constructor(
    private readonly next: () => number,
    private readonly known: Map<number, Known>,
  ) {
    this.pick = (n) => Math.floor(next() * n);
  }

  operation(
    at: number,
  ):
    | { kind: 'place'; request: OrderRequest }
    | { kind: 'cancel'; id: number }
    | { kind: 'cancelAll'; accountId: number } {
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
    const price = 990 + this.pick(21) + (side === 'buy' ? -3 : 3);
    const lots = this.next() < 0.05 ? 1 : 2 + this.pick(40);
    const roll = this.next();
    if (roll < 0.02) return { ...base, type: 'limit', priceTicks: price + 0.5, lots };
    if (roll < 0.5) {
      const postOnly = this.next() < 0.1;
      return { ...base, type: 'limit', priceTicks: price, lots, ...(postOnly ? { postOnly } : {}) };
    }
    if (roll < 0.62) return { ...base, type: 'limit', priceTicks: price, lots, timeInForce: 'IOC' };
    if (roll < 0.7) return { ...base, type: 'limit', priceTicks: price, lots, timeInForce: 'FOK' };
    const stopTicks = 990 + this.pick(21);
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
    if (update.status !== 'rejected' && !this.known.has(update.id)) {
      this.known.set(update.id, { request, update, triggered: false });
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
        if (known) known.update = event;
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

function run(seed: number, operations: number): { trades: number; stops: number } {
  const next = seededRandom(seed);
  const ledger = new Ledger();
  const stream = new Stream(next, ledger.known);
  let engine = new OrderBook(LIMITS, { rememberFinished: 1_000_000 });
  const reference = new ReferenceBook(LIMITS);
  let stops = 0;
  for (let step = 1; step <= operations; step++) {
    const at = 1_700_000_000_000 + step;
    const op = stream.operation(at);
    const where = `seed ${seed}, step ${step}: ${JSON.stringify(op)}`;
    if (op.kind === 'place') {
      const got = engine.place(op.request);
      const want = reference.place(op.request);
      assert.deepEqual(got.order, want.order, where);
      assert.deepEqual(got.events, want.events, where);
      assert.equal(got.bookSeq, want.bookSeq, where);
      if (!got.duplicate) ledger.accept(op.request, got.order);
      ledger.apply(got.events);
      stops += got.events.filter((e) => e.type === 'stopTriggered').length;
    } else if (op.kind === 'cancel') {
      const got = engine.cancel(op.id, at);
      const want = reference.cancel(op.id, at);
      assert.deepEqual(got, want, where);
      ledger.apply(got.events);
    } else {
      const got = engine.cancelAll(op.accountId, at);
      const want = reference.cancelAll(op.accountId, at);
      assert.deepEqual(got, want, where);
      ledger.apply(got.events);
    }
    const depth = engine.depth(10);
    assert.deepEqual({ bids: depth.bids, asks: depth.asks }, reference.depth(10), where);
    assert.equal(depth.lastPriceTicks, reference.last, where);
    const [bid, ask] = [depth.bids[0], depth.asks[0]];
    if (bid && ask) assert.ok(bid.priceTicks < ask.priceTicks, `crossed book at ${where}`);
    if (step % 500 === 0) {
      engine = restored(engine, ledger);
      reference.restart();
    }
  }
  return { trades: engine.tradeSeq, stops };
}

/** A new engine rebuilt from the persisted open orders; it must show the same book. */
function restored(engine: OrderBook, ledger: Ledger): OrderBook {
  const fresh = new OrderBook(LIMITS, { rememberFinished: 1_000_000 });
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
});
