/**
 * The engine bench's two seeded streams: a steady book near the touch, and a moving market whose
 * price drifts and crashes, where price levels open and close about once per message. Both are
 * made by running them through the engine, which tells which ids are still open to cancel.
 */
import { PAIRS } from '../core/markets/pairs.ts';
import type { EngineEvent } from '../server/trading/engine/EngineEvent.ts';
import { OrderBook } from '../server/trading/engine/OrderBook.ts';
import type { OrderRequest } from '../server/trading/engine/OrderRequest.ts';
import { seededRandom } from '../test/seededRandom.ts';

/** The kinds of message in a stream, in table order. */
export const MESSAGE_KINDS = ['new limit', 'cancel', 'IOC', 'market', 'modify'] as const;

export const LIMIT = 0;
export const CANCEL = 1;
export const IOC = 2;
export const MARKET = 3;
/** Cancel-and-replace: the engine has no modify, so a cancel and a new limit order, same id. */
export const MODIFY = 4;

/** The pair the bench trades, and its price at the start in ticks (65,000.00 USDT). */
export const SPEC = PAIRS.BTC_USDT;
export const MID = 6_500_000;

/** The account of an order: a thousand accounts share the book, as market makers do. */
export const accountOf = (id: number) => 1 + (id % 1000);

/** A stream as columns: kind, order id (new) or target id (cancel, modify), side, price, lots. */
export interface Stream {
  length: number;
  kind: Uint8Array;
  id: Float64Array;
  buy: Uint8Array;
  price: Float64Array;
  lots: Float64Array;
  /** Ids as strings, for nodejs-order-book (made up front, outside the timing). */
  names: string[];
}

/** A scenario: the orders that fill the book first, then the timed messages, and what they did. */
export interface Scenario {
  name: string;
  prefill: Stream;
  ops: Stream;
  /** Distinct order ids over prefill and messages. */
  orderIds: number;
  /** Price levels opened plus levels closed during the messages, per message. */
  levelChangesPerMessage: number;
}

export function newStream(length: number): Stream {
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

/**
 * The request a stream's message places (a modify's replacement), or null for a cancel. Written
 * as the same literals as the bench's message loop, so the engine sees requests of two shapes,
 * not four (a spread makes an object of another hidden class, and more shapes slow every read).
 */
export function toRequest(s: Stream, i: number): OrderRequest | null {
  const kind = s.kind[i] as number;
  if (kind === CANCEL) return null;
  const id = s.id[i] as number;
  const side = s.buy[i] === 1 ? ('buy' as const) : ('sell' as const);
  const lots = s.lots[i] as number;
  const accountId = accountOf(id);
  if (kind === MARKET) {
    return { id, accountId, side, at: 0, selfTrade: 'none', type: 'market', lots };
  }
  const timeInForce = kind === IOC ? ('IOC' as const) : ('GTC' as const);
  const priceTicks = s.price[i] as number;
  return {
    id,
    accountId,
    side,
    at: 0,
    selfTrade: 'none',
    type: 'limit',
    priceTicks,
    lots,
    timeInForce,
  };
}

/** Open order ids with O(1) add, remove and uniform pick, and each open order's side. */
class LiveIds {
  private readonly ids: number[] = [];
  private readonly index = new Map<number, number>();
  readonly buy = new Map<number, boolean>();

  get size(): number {
    return this.ids.length;
  }

  add(id: number, buy: boolean): void {
    if (this.index.has(id)) return;
    this.index.set(id, this.ids.length);
    this.ids.push(id);
    this.buy.set(id, buy);
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
    this.buy.delete(id);
  }

  pick(next: () => number): number {
    return this.ids[Math.floor(next() * this.ids.length)] as number;
  }
}

/** Runs a stream through a reference engine while it is made, counting levels as they change. */
class Maker {
  readonly book = new OrderBook(SPEC);
  readonly live = new LiveIds();
  /** Orders resting per price (price × 2 + 1 for bids), and each resting order's key. */
  private readonly perLevel = new Map<number, number>();
  private readonly levelOf = new Map<number, number>();
  levelChanges = 0;
  private nextId = 1;

  constructor(readonly next: () => number) {}

  get ids(): number {
    return this.nextId - 1;
  }

  /** Best bid and ask, or the given price ± 1 where a side is empty. */
  touch(fallback: number): [number, number] {
    const { bids, asks } = this.book.depth(1);
    return [bids[0]?.priceTicks ?? fallback - 1, asks[0]?.priceTicks ?? fallback + 1];
  }

  /** Writes message i; a new id for a limit, IOC or market order. */
  record(s: Stream, i: number, kind: number, buy: boolean, price = 0, target = 0): void {
    s.kind[i] = kind;
    s.id[i] = kind === CANCEL || kind === MODIFY ? target : this.nextId++;
    s.buy[i] = buy ? 1 : 0;
    s.price[i] = price;
    s.lots[i] = kind === CANCEL ? 0 : 10 + Math.floor(this.next() * (kind === LIMIT ? 1000 : 300));
  }

  /** Runs message i through the engine. */
  apply(s: Stream, i: number): void {
    const kind = s.kind[i] as number;
    const id = s.id[i] as number;
    if (kind === CANCEL || kind === MODIFY) this.follow(this.book.cancel(id, 0).events, s, i);
    const request = toRequest(s, i);
    if (request !== null) this.follow(this.book.place(request).events, s, i);
  }

  private follow(events: readonly EngineEvent[], s: Stream, i: number): void {
    for (const event of events) {
      if (event.type !== 'order') continue;
      const { id, status } = event;
      if (status === 'new' || status === 'partiallyFilled') {
        const buy = s.id[i] === id ? s.buy[i] === 1 : (this.live.buy.get(id) as boolean);
        if (this.levelOf.has(id)) continue;
        this.live.add(id, buy);
        this.level(id, (s.price[i] as number) * 2 + (buy ? 1 : 0), 1);
      } else if (this.levelOf.has(id)) {
        this.live.remove(id);
        this.level(id, this.levelOf.get(id) as number, -1);
      }
    }
  }

  private level(id: number, key: number, change: number): void {
    const count = (this.perLevel.get(key) ?? 0) + change;
    if (change > 0) this.levelOf.set(id, key);
    else this.levelOf.delete(id);
    if (count === 0) this.perLevel.delete(key);
    else this.perLevel.set(key, count);
    if (count === 0 || (count === 1 && change > 0)) this.levelChanges++;
  }
}

/** A stream's names column, for nodejs-order-book. */
function named(s: Stream): Stream {
  s.names = Array.from(s.id, (id) => String(id));
  return s;
}

/** Exponential distances from the touch: most near it, some far. */
function distances(next: () => number): (scale: number) => number {
  return (scale) => 1 + Math.floor(-Math.log(1 - next()) * scale);
}

/** Prefills `orders` resting limits around `mid`, `scale` ticks apart on average from it. */
function prefill(maker: Maker, orders: number, mid: number, scale: number): Stream {
  const s = newStream(orders);
  const distance = distances(maker.next);
  for (let i = 0; i < orders; i++) {
    const buy = i % 2 === 0;
    maker.record(s, i, LIMIT, buy, buy ? mid - distance(scale) : mid + distance(scale));
    maker.apply(s, i);
  }
  return s;
}

/** The resting orders the steady stream holds its book near. */
export const STEADY_ORDERS = 10_000;

/**
 * The steady stream: STEADY_ORDERS resting orders, denser near the touch, then mixed messages
 * (new limits near the touch, cancels, IOC and market orders); new orders are steered against
 * cancels to hold the depth steady.
 */
export function steadyScenario(messages: number, seed: number): Scenario {
  const maker = new Maker(seededRandom(seed));
  const distance = distances(maker.next);
  const first = prefill(maker, STEADY_ORDERS, MID, 60);
  const changesBefore = maker.levelChanges;
  const ops = newStream(messages);
  const { next, live } = maker;
  for (let i = 0; i < messages; i++) {
    const roll = next();
    const buy = next() < 0.5;
    const [bestBid, bestAsk] = maker.touch(MID);
    // Hold the depth near STEADY_ORDERS: above it a new order becomes a cancel, below it the reverse.
    const wantsCancel =
      roll < 0.4 ? live.size > STEADY_ORDERS - 300 : live.size > STEADY_ORDERS + 300;
    if (roll < 0.84 && wantsCancel) maker.record(ops, i, CANCEL, buy, 0, live.pick(next));
    else if (roll < 0.84) {
      const price = buy ? bestAsk - distance(20) : bestBid + distance(20);
      maker.record(ops, i, LIMIT, buy, price);
    } else if (roll < 0.93) {
      maker.record(ops, i, IOC, buy, buy ? bestAsk + 2 : bestBid - 2);
    } else maker.record(ops, i, MARKET, buy);
    maker.apply(ops, i);
  }
  return {
    name: 'steady',
    prefill: named(first),
    ops: named(ops),
    orderIds: maker.ids,
    levelChangesPerMessage: (maker.levelChanges - changesBefore) / messages,
  };
}

/** The resting orders the moving market holds its book near, spread thin: about one a level. */
export const MOVING_ORDERS = 6_000;

/** Ticks a new order lands from the fair price on average (80 USDT): a thin, wide book. */
const MOVING_SPREAD = 8_000;

/**
 * The fair price after `step` of `messages`: a random walk with a slow upward drift, and a flash
 * crash of 15% over 1% of the stream from 40% in, recovered over the following 10%.
 */
function fairPrice(walk: number, step: number, messages: number): number {
  const crashStart = messages * 0.4;
  const crashEnd = messages * 0.41;
  const recovered = messages * 0.51;
  const depth = MID * 0.15;
  let crash = 0;
  if (step >= crashStart && step < crashEnd)
    crash = (depth * (step - crashStart)) / (crashEnd - crashStart);
  else if (step >= crashEnd && step < recovered)
    crash = (depth * (recovered - step)) / (recovered - crashEnd);
  return Math.round(walk - crash);
}

/** Writes message i of the moving market around the fair price, keeping the book near its size. */
function movingMessage(maker: Maker, ops: Stream, i: number, fair: number): void {
  const { next, live } = maker;
  const distance = distances(next);
  const roll = next();
  const [bestBid, bestAsk] = maker.touch(fair);
  // New orders rest around the fair price but never cross: the touch follows the fair price as
  // stale orders are cancelled or taken by IOC and market orders.
  const quote = (buy: boolean) =>
    buy
      ? Math.min(fair, bestAsk) - distance(MOVING_SPREAD)
      : Math.max(fair, bestBid) + distance(MOVING_SPREAD);
  const wantsCancel =
    roll < 0.41 ? live.size > MOVING_ORDERS - 300 : live.size > MOVING_ORDERS + 300;
  if (roll < 0.82 && wantsCancel) {
    maker.record(ops, i, CANCEL, next() < 0.5, 0, live.pick(next));
  } else if (roll < 0.82) {
    const buy = next() < 0.5;
    maker.record(ops, i, LIMIT, buy, quote(buy));
  } else if (roll < 0.91 && live.size > 0) {
    const target = live.pick(next);
    const buy = live.buy.get(target) as boolean;
    maker.record(ops, i, MODIFY, buy, quote(buy), target);
  } else if (roll < 0.99) {
    // Takers lean toward the fair price: they are what moves the touch after it.
    const buy = fair > bestAsk ? true : fair < bestBid ? false : next() < 0.5;
    const price = buy
      ? Math.max(bestAsk, fair) + distance(50)
      : Math.min(bestBid, fair) - distance(50);
    maker.record(ops, i, IOC, buy, price);
  } else maker.record(ops, i, MARKET, next() < 0.5);
  maker.apply(ops, i);
}

/**
 * The moving market: a thin book around a fair price that drifts and crashes (fairPrice), with
 * about 40% cancels, 42% new limit orders, 9% modifies (cancel-and-replace at a new price and
 * size, same id), 8% IOC and 1% market orders: about one new id every two messages.
 */
export function movingScenario(messages: number, seed: number): Scenario {
  const maker = new Maker(seededRandom(seed));
  const first = prefill(maker, MOVING_ORDERS, MID, MOVING_SPREAD);
  const changesBefore = maker.levelChanges;
  const ops = newStream(messages);
  let walk = MID;
  for (let i = 0; i < messages; i++) {
    walk += Math.round((maker.next() - 0.495) * 8);
    movingMessage(maker, ops, i, fairPrice(walk, i, messages));
  }
  return {
    name: 'moving market',
    prefill: named(first),
    ops: named(ops),
    orderIds: maker.ids,
    levelChangesPerMessage: (maker.levelChanges - changesBefore) / messages,
  };
}
