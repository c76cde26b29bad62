/**
 * A deliberately plain order book for the differential test: arrays, linear scans and a fresh
 * sort for every fill, so each rule reads straight off the code. Same rules as OrderBook, none of
 * its data structures; slow on purpose.
 */
import type { BookLimits } from './BookLimits.ts';
import type { EngineEvent, OrderReason, OrderStatus, OrderUpdate } from './EngineEvent.ts';
import type { DepthLevel } from './OrderBook.ts';
import { DEFAULT_SELF_TRADE, type OrderRequest, type Side } from './OrderRequest.ts';
import { validateRequest } from './validateRequest.ts';

interface RefOrder {
  id: number;
  accountId: number;
  clientOrderId: string | null;
  side: Side;
  type: OrderRequest['type'];
  price: number;
  stop: number;
  /** Lots still wanted; Infinity for a buy by total alone. */
  lots: number;
  /** Notional still to spend, or null. */
  total: number | null;
  filledLots: number;
  filledNotional: number;
  timeInForce: 'GTC' | 'IOC' | 'FOK';
  postOnly: boolean;
  selfTrade: string;
  status: OrderStatus;
  reason: OrderReason | null;
  priority: number;
  triggerTicks: number;
  last: OrderUpdate | null;
}

/** What the reference answers for one operation (the parts OrderBook's results share). */
export interface ReferenceResult {
  order: OrderUpdate | null;
  events: EngineEvent[];
  bookSeq: number;
}

const ENDED: readonly OrderStatus[] = ['filled', 'cancelled', 'expired', 'rejected'];

/** The reference book (see the file comment). */
export class ReferenceBook {
  /** Resting limit orders, in no particular order. */
  resting: RefOrder[] = [];
  /** Waiting stops, in no particular order. */
  stops: RefOrder[] = [];
  last: number | null = null;
  trades = 0;
  seq = 0;
  private nextPriority = 1;
  private readonly clientIds = new Map<string, RefOrder>();
  private events: EngineEvent[] = [];
  private now = 0;
  private low = Number.POSITIVE_INFINITY;
  private high = Number.NEGATIVE_INFINITY;

  constructor(private readonly limits: BookLimits) {}

  /**
   * What a restart from persisted open orders keeps: the orders, counters and last price; ended
   * orders' client ids are forgotten, and priorities go on after the highest open one.
   */
  restart(): void {
    const open = [...this.resting, ...this.stops];
    this.nextPriority = Math.max(0, ...open.map((o) => o.priority)) + 1;
    for (const [key, order] of this.clientIds) {
      if (!open.includes(order)) this.clientIds.delete(key);
    }
  }

  /** Places an order by the same rules as OrderBook.place. */
  place(request: OrderRequest): ReferenceResult {
    const key = `${request.accountId}:${request.clientOrderId}`;
    const known = request.clientOrderId === undefined ? undefined : this.clientIds.get(key);
    if (known) return { order: known.last, events: [], bookSeq: this.seq };
    const order = fromRequest(request);
    const open = [...this.resting, ...this.stops].some((o) => o.id === request.id);
    const reason = validateRequest(request, this.limits) ?? (open ? 'duplicateId' : null);
    if (reason) return this.rejected(order, reason, request.at);
    return this.operate(request.at, () => {
      if (order.stop > 0) {
        const reached = this.last !== null && this.reaches(order, this.last);
        if (reached) return this.rejected(order, 'stopWouldTrigger', request.at);
        order.priority = this.nextPriority++;
        this.stops.push(order);
        this.report(order);
      } else {
        const rejection = this.run(order, true);
        if (rejection) return this.rejected(order, rejection, request.at);
      }
      if (order.clientOrderId !== null) this.clientIds.set(key, order);
      this.runStops();
      return order.last;
    });
  }

  /** Cancels an open order or stop. */
  cancel(id: number, at: number): ReferenceResult {
    const order = [...this.resting, ...this.stops].find((o) => o.id === id);
    if (!order) return { order: null, events: [], bookSeq: this.seq };
    return this.operate(at, () => this.cancelOrder(order));
  }

  /** Cancels all of an account's open orders and stops, by priority. */
  cancelAll(
    accountId: number,
    at: number,
  ): Omit<ReferenceResult, 'order'> & { orders: OrderUpdate[] } {
    const mine = [...this.resting, ...this.stops]
      .filter((o) => o.accountId === accountId)
      .sort((a, b) => a.priority - b.priority);
    const orders: OrderUpdate[] = [];
    const { events, bookSeq } = this.operate(at, () => {
      for (const order of mine) orders.push(this.cancelOrder(order));
      return null;
    });
    return { orders, events, bookSeq };
  }

  /** The top levels of each side. */
  depth(count: number): { bids: DepthLevel[]; asks: DepthLevel[] } {
    const side = (s: Side) => {
      const prices = [...new Set(this.resting.filter((o) => o.side === s).map((o) => o.price))];
      prices.sort((a, b) => (s === 'buy' ? b - a : a - b));
      return prices.slice(0, count).map((price) => {
        const here = this.resting.filter((o) => o.side === s && o.price === price);
        const lots = here.reduce((sum, o) => sum + o.lots, 0);
        return { priceTicks: price, lots, orders: here.length };
      });
    };
    return { bids: side('buy'), asks: side('sell') };
  }

  /** Runs one operation; the sequence moves when the open orders or the last price changed. */
  private operate(at: number, body: () => OrderUpdate | null | ReferenceResult): ReferenceResult {
    const before = this.signature();
    this.events = [];
    this.now = at;
    this.low = Number.POSITIVE_INFINITY;
    this.high = Number.NEGATIVE_INFINITY;
    const outcome = body();
    if (outcome !== null && 'bookSeq' in outcome) return outcome;
    if (this.signature() !== before) this.seq++;
    return { order: outcome, events: this.events, bookSeq: this.seq };
  }

  private signature(): string {
    const open = [...this.resting, ...this.stops].map((o) => `${o.id}/${o.lots}/${o.priority}`);
    return `${open.sort().join(',')}|${this.last}`;
  }

  private rejected(order: RefOrder, reason: OrderReason, at: number): ReferenceResult {
    order.status = 'rejected';
    order.reason = reason;
    return { order: snapshot(order, at), events: [], bookSeq: this.seq };
  }

  private report(order: RefOrder): void {
    order.last = snapshot(order, this.now);
    this.events.push(order.last);
  }

  private end(order: RefOrder, status: OrderStatus, reason: OrderReason | null): void {
    order.status = status;
    order.reason = reason;
    this.report(order);
  }

  private cancelOrder(order: RefOrder): OrderUpdate {
    this.resting = this.resting.filter((o) => o !== order);
    this.stops = this.stops.filter((o) => o !== order);
    this.end(order, 'cancelled', null);
    return order.last as OrderUpdate;
  }

  /** Makers the taker could trade with now, best price first, then oldest. */
  private makersFor(taker: RefOrder): RefOrder[] {
    return this.resting
      .filter((m) => m.side !== taker.side)
      .filter(
        (m) =>
          taker.type === 'market' ||
          (taker.side === 'buy' ? m.price <= taker.price : m.price >= taker.price),
      )
      .sort((a, b) =>
        a.price === b.price
          ? a.priority - b.priority
          : taker.side === 'buy'
            ? a.price - b.price
            : b.price - a.price,
      );
  }

  /** Runs a limit or market order; returns a reason when it is rejected on arrival. */
  private run(order: RefOrder, arriving: boolean): OrderReason | null {
    const opposite = this.resting.filter((m) => m.side !== order.side);
    if (order.type === 'market') {
      if (opposite.length === 0) {
        if (arriving) return 'noLiquidity';
        this.end(order, 'expired', 'noLiquidity');
        return null;
      }
      const outcome = this.match(order);
      if (outcome === 'self') return null;
      const byTotal = order.lots === Number.POSITIVE_INFINITY;
      if (order.lots === 0) this.end(order, 'filled', null);
      else if (outcome === 'dust' && order.filledLots > 0) {
        if (byTotal) this.end(order, 'filled', null);
        else this.end(order, 'expired', 'fundsSpent');
      } else this.end(order, 'expired', 'iocRemainder');
      return null;
    }
    const crosses = this.makersFor(order).length > 0;
    if (order.postOnly && crosses) {
      if (arriving) return 'postOnlyWouldTake';
      this.end(order, 'expired', 'postOnlyWouldTake');
      return null;
    }
    if (order.timeInForce === 'FOK' && !this.wouldFill(order)) {
      this.end(order, 'expired', 'fokUnfillable');
      return null;
    }
    if (this.match(order) === 'self') return null;
    if (order.lots === 0) this.end(order, 'filled', null);
    else if (order.timeInForce !== 'GTC') this.end(order, 'expired', 'iocRemainder');
    else {
      order.status = order.filledLots > 0 ? 'partiallyFilled' : 'new';
      order.priority = this.nextPriority++;
      this.resting.push(order);
      this.report(order);
    }
    return null;
  }

  /** Fill-or-kill: a dry run on a copy of the book, kept only if the copy filled in full. */
  private wouldFill(order: RefOrder): boolean {
    const saved = {
      resting: this.resting,
      events: this.events,
      trades: this.trades,
      last: this.last,
    };
    const saved2 = { low: this.low, high: this.high, nextPriority: this.nextPriority };
    const copy = { ...order, timeInForce: 'IOC' as const };
    this.resting = this.resting.map((o) => ({ ...o }));
    this.events = [];
    const outcome = this.match(copy);
    Object.assign(this, saved, saved2);
    return outcome !== 'self' && copy.lots === 0;
  }

  private match(taker: RefOrder): 'done' | 'out' | 'dust' | 'self' {
    for (;;) {
      if (taker.lots === 0) return 'done';
      const maker = this.makersFor(taker)[0];
      if (!maker) return 'out';
      let lots = taker.lots;
      if (taker.total !== null) {
        const affordable = Number(BigInt(taker.total) / BigInt(maker.price));
        if (affordable === 0) return 'dust';
        lots = Math.min(lots, affordable);
      }
      if (maker.accountId === taker.accountId && taker.selfTrade !== 'none') {
        if (taker.selfTrade !== 'expireTaker') {
          this.resting = this.resting.filter((o) => o !== maker);
          this.end(maker, 'expired', 'selfTrade');
        }
        if (taker.selfTrade === 'expireMaker') continue;
        this.end(taker, 'expired', 'selfTrade');
        return 'self';
      }
      this.trade(taker, maker, Math.min(lots, maker.lots));
    }
  }

  private trade(taker: RefOrder, maker: RefOrder, lots: number): void {
    const price = maker.price;
    for (const o of [taker, maker]) {
      o.lots -= lots;
      o.filledLots += lots;
      o.filledNotional += price * lots;
    }
    if (taker.total !== null) taker.total -= price * lots;
    this.last = price;
    this.low = Math.min(this.low, price);
    this.high = Math.max(this.high, price);
    this.trades++;
    this.events.push({
      type: 'trade',
      seq: this.trades,
      priceTicks: price,
      lots,
      takerSide: taker.side,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerAccountId: maker.accountId,
      takerAccountId: taker.accountId,
      at: this.now,
    });
    maker.status = maker.lots === 0 ? 'filled' : 'partiallyFilled';
    if (maker.lots === 0) this.resting = this.resting.filter((o) => o !== maker);
    this.report(maker);
  }

  private reaches(stop: RefOrder, price: number): boolean {
    return stop.side === 'buy' ? price >= stop.stop : price <= stop.stop;
  }

  /** Stops reached by any trade of this operation, oldest first, taken out of the stop list. */
  private triggered(): RefOrder[] {
    const reached = this.stops.filter((s) =>
      this.reaches(s, s.side === 'buy' ? this.high : this.low),
    );
    this.stops = this.stops.filter((s) => !reached.includes(s));
    for (const s of reached) s.triggerTicks = s.side === 'buy' ? this.high : this.low;
    return reached.sort((a, b) => a.priority - b.priority);
  }

  private runStops(): void {
    const queue = this.triggered();
    while (queue.length > 0) {
      const stop = queue.shift() as RefOrder;
      this.events.push({
        type: 'stopTriggered',
        orderId: stop.id,
        accountId: stop.accountId,
        stopTicks: stop.stop,
        triggerTicks: stop.triggerTicks,
        at: this.now,
      });
      stop.type = stop.type === 'stopLimit' ? 'limit' : 'market';
      const tradesBefore = this.trades;
      this.run(stop, false);
      if (this.trades !== tradesBefore) queue.push(...this.triggered());
    }
  }
}

function fromRequest(request: OrderRequest): RefOrder {
  const limit = request.type === 'limit' || request.type === 'stopLimit';
  const stop = request.type === 'stopLimit' || request.type === 'stopMarket';
  return {
    id: request.id,
    accountId: request.accountId,
    clientOrderId: request.clientOrderId ?? null,
    side: request.side,
    type: request.type,
    price: limit ? request.priceTicks : 0,
    stop: stop ? request.stopTicks : 0,
    lots: request.lots ?? Number.POSITIVE_INFINITY,
    total: limit ? null : (request.total ?? null),
    filledLots: 0,
    filledNotional: 0,
    timeInForce: (limit && request.timeInForce) || 'GTC',
    postOnly: (limit && request.postOnly) || false,
    selfTrade: request.selfTrade ?? DEFAULT_SELF_TRADE,
    status: 'new',
    reason: null,
    priority: 0,
    triggerTicks: 0,
    last: null,
  };
}

function snapshot(order: RefOrder, at: number): OrderUpdate {
  const ended = ENDED.includes(order.status);
  return {
    type: 'order',
    id: order.id,
    accountId: order.accountId,
    clientOrderId: order.clientOrderId,
    side: order.side,
    status: order.status,
    reason: order.reason,
    filledLots: order.filledLots,
    filledNotional: order.filledNotional,
    openLots: ended || order.lots === Number.POSITIVE_INFINITY ? 0 : order.lots,
    priority: order.priority,
    at,
  };
}
