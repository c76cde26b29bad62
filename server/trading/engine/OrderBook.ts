/**
 * One pair's order book: price-time priority matching of limit, market and stop orders, cancels,
 * restore after a restart and depth. Pure: no clock, no randomness, no I/O; ids and times come
 * from the caller, so the same requests always give the same events. Placing and cancelling
 * allocate nothing once the book has warmed up: results and events are written into objects the
 * book reuses (see PlaceResult).
 */
import { type BookLimits, checkLimits } from './BookLimits.ts';
import { BookOrder, NO_TOTAL } from './BookOrder.ts';
import { ClientIds } from './ClientIds.ts';
import type { EngineEvent, OrderReason, OrderStatus, OrderUpdate } from './EngineEvent.ts';
import { EventBuffer } from './EventBuffer.ts';
import { KeyTable } from './KeyTable.ts';
import { checkRecord, type OpenOrderRecord } from './OpenOrderRecord.ts';
import type { OrderRequest } from './OrderRequest.ts';
import { PriceLevels } from './PriceLevels.ts';
import { validateRequest, whole } from './validateRequest.ts';

/**
 * What placing an order did. The result, its events array and every object in it belong to the
 * book and are written over by its next call (place, cancel, cancelAll): read them first, and
 * copy what you keep. Reusing them is what lets the engine allocate nothing per operation.
 */
export interface PlaceResult {
  /** The order's state at the end of the operation (the last of its updates, or its rejection). */
  order: OrderUpdate;
  /** Everything that happened, in order; empty when the order was rejected or a duplicate. */
  events: readonly EngineEvent[];
  /** True when (account, clientOrderId) named an order the book still knows: nothing was placed. */
  duplicate: boolean;
  /** The book sequence after the operation. */
  bookSeq: number;
}

/**
 * What cancelling one order did; `order` is null when the book has no open order by that id.
 * Valid until the book's next call, as a PlaceResult.
 */
export interface CancelResult {
  order: OrderUpdate | null;
  events: readonly EngineEvent[];
  bookSeq: number;
}

/** What cancelling an account's orders did: one update per order, oldest first; as CancelResult. */
export interface CancelAllResult {
  orders: OrderUpdate[];
  events: readonly EngineEvent[];
  bookSeq: number;
}

/** One price of the depth: the lots resting there and how many orders hold them. */
export interface DepthLevel {
  priceTicks: number;
  lots: number;
  orders: number;
}

/** The top of the book, best prices first, with the sequences a client syncs diffs by. */
export interface Depth {
  bids: DepthLevel[];
  asks: DepthLevel[];
  bookSeq: number;
  tradeSeq: number;
  lastPriceTicks: number | null;
}

/** Everything OrderBook.restore needs: the open orders and the book's counters. */
export interface BookState {
  orders: readonly OpenOrderRecord[];
  lastPriceTicks: number | null;
  tradeSeq: number;
  bookSeq: number;
}

/** Options of a book. */
export interface OrderBookOptions {
  /**
   * How many ended orders with a client order id stay known for idempotent placing (default
   * 10,000, the most recent); open orders are always known.
   */
  rememberFinished?: number;
}

// How a matching pass ended.
const MATCH_DONE = 0; // the taker wants no more lots
const MATCH_OUT = 1; // no more makers within its price
const MATCH_DUST = 2; // its total cannot buy one more lot
const MATCH_SELF = 3; // self-trade prevention expired the taker

const byPriority = (a: BookOrder, b: BookOrder) => a.priority - b.priority;

/** Ended order records kept for reuse at most: enough for the churn near a busy touch. */
const MAX_SPARE = 16_384;

/** One pair's order book (see the file comment). */
export class OrderBook {
  private readonly bids: PriceLevels;
  private readonly asks: PriceLevels;
  /** Buy stops trigger lowest first, sell stops highest first. */
  private readonly buyStops: PriceLevels;
  private readonly sellStops: PriceLevels;
  /**
   * Resting orders and waiting stops by id. cancelAll walks it, so no per-account index costs
   * every other operation.
   */
  private readonly open = new KeyTable<BookOrder>();
  /** Open orders and the most recently ended ones by (account, client order id). */
  private readonly clientIds: ClientIds;
  /**
   * Records of ended orders nothing refers to any more, reused for new ones: a resting order's
   * record would otherwise survive young-generation collections and be copied into the old one,
   * which was a fifth of the engine's time. Only `place` takes from here, once, before anything
   * of its operation can end, so a record is never reused while the operation still reads it.
   */
  private readonly spare: BookOrder[] = [];
  /** The last trade price; 0 before the first trade. */
  private last = 0;
  private trades = 0;
  private seq = 0;
  private nextPriority = 1;

  // The operation in progress, and the results the book hands out and reuses.
  private readonly events = new EventBuffer();
  private readonly placed: PlaceResult = {
    order: this.events.rejection(),
    events: [],
    duplicate: false,
    bookSeq: 0,
  };
  private readonly cancelled: CancelResult = { order: null, events: [], bookSeq: 0 };
  /** Stops reached by the operation's trades, waiting to run (reused). */
  private readonly triggered: BookOrder[] = [];
  private now = 0;
  private changed = false;
  /** The order being placed, and its latest update. */
  private taker: BookOrder | null = null;
  private takerUpdate: OrderUpdate | null = null;
  private lowTrade = Number.POSITIVE_INFINITY;
  private highTrade = 0;

  /** A book checking prices and sizes against `limits` (a core/markets PairSpec fits). */
  constructor(
    private readonly limits: BookLimits,
    options: OrderBookOptions = {},
  ) {
    checkLimits(limits);
    const { maxPriceTicks } = limits;
    this.bids = new PriceLevels(true, maxPriceTicks);
    this.asks = new PriceLevels(false, maxPriceTicks);
    this.buyStops = new PriceLevels(false, maxPriceTicks, false);
    this.sellStops = new PriceLevels(true, maxPriceTicks, false);
    const remember = options.rememberFinished ?? 10_000;
    if (!Number.isSafeInteger(remember) || remember < 0) {
      throw new RangeError('rememberFinished must be a whole number of orders');
    }
    this.clientIds = new ClientIds(remember);
  }

  /** The last trade price in ticks, or null before the first trade. */
  get lastPriceTicks(): number | null {
    return this.last === 0 ? null : this.last;
  }

  /** Increments once for every operation that changed resting orders, stops or the last price. */
  get bookSeq(): number {
    return this.seq;
  }

  /** The sequence of the latest trade (0 before the first). */
  get tradeSeq(): number {
    return this.trades;
  }

  /** How many orders are open: resting plus waiting stops. */
  get openCount(): number {
    return this.open.size;
  }

  /** The latest state of an open order, or null. */
  openOrder(id: number): OrderUpdate | null {
    const order = this.open.get(id);
    return order === null ? null : order.update(order.updatedAt);
  }

  /**
   * Places an order: validates it, matches what crosses, rests a GTC remainder, waits a stop, then
   * runs any stops its trades triggered, and theirs, until quiet. Placing the same (accountId,
   * clientOrderId) again while the book knows that order returns it unchanged, with no events.
   */
  place(request: OrderRequest): PlaceResult {
    this.begin(request.at);
    const clientOrderId = request.clientOrderId;
    if (clientOrderId !== undefined) {
      const known = this.clientIds.get(request.accountId, clientOrderId);
      if (known !== undefined) {
        const update = known.writeUpdate(this.events.rejection(), known.updatedAt);
        return this.answer(update, true);
      }
    }
    const reason =
      validateRequest(request, this.limits) ?? (this.open.has(request.id) ? 'duplicateId' : null);
    const order = this.spare.pop()?.reset(request) ?? new BookOrder(request);
    if (reason !== null) return this.reject(order, reason, request.at);
    this.taker = order;
    if (clientOrderId !== undefined) this.clientIds.set(order);
    if (order.stopTicks > 0) this.waitStop(order);
    else this.execute(order, true);
    if (order.status === 'rejected') {
      if (clientOrderId !== undefined) this.clientIds.delete(order);
      return this.reject(order, order.reason ?? 'invalidOrder', request.at);
    }
    this.runStops();
    const placed = this.placed;
    placed.order = this.takerUpdate ?? order.writeUpdate(this.events.rejection(), this.now);
    placed.events = this.events.events();
    placed.duplicate = false;
    placed.bookSeq = this.finish();
    return placed;
  }

  /** Cancels an open order or waiting stop by id; the caller checks it belongs to the asker. */
  cancel(id: number, at: number): CancelResult {
    this.begin(at);
    const order = this.open.get(id);
    const cancelled = this.cancelled;
    cancelled.order = order === null ? null : this.cancelOpen(order);
    cancelled.events = this.events.events();
    cancelled.bookSeq = this.finish();
    return cancelled;
  }

  /**
   * Cancels every open order and waiting stop of an account in this book, oldest first (by time
   * priority). Walks every open order of the book: rare enough not to keep an index by account.
   */
  cancelAll(accountId: number, at: number): CancelAllResult {
    this.begin(at);
    const mine: BookOrder[] = [];
    this.open.forEach((order) => {
      if (order.accountId === accountId) mine.push(order);
    });
    mine.sort(byPriority);
    const orders = mine.map((order) => this.cancelOpen(order));
    return { orders, events: this.events.events(), bookSeq: this.finish() };
  }

  /** The best `levels` prices of each side, aggregated. */
  depth(levels = 10): Depth {
    return {
      bids: topLevels(this.bids, levels),
      asks: topLevels(this.asks, levels),
      bookSeq: this.seq,
      tradeSeq: this.trades,
      lastPriceTicks: this.lastPriceTicks,
    };
  }

  /**
   * Rebuilds a new, empty book from persisted open orders without matching: each back in its
   * recorded time priority. Throws when a record cannot be open as recorded, ids or client ids
   * repeat, or the resting orders cross (state that matching could never have left); the book is
   * then half built and must be dropped.
   */
  restore(state: BookState): void {
    if (this.open.size > 0 || this.trades > 0 || this.seq > 0) {
      throw new Error('Restore into a new book.');
    }
    const { lastPriceTicks, tradeSeq, bookSeq } = state;
    if (lastPriceTicks !== null && !whole(lastPriceTicks, this.limits.maxPriceTicks)) {
      throw new Error('Cannot restore: bad last price.');
    }
    if (![tradeSeq, bookSeq].every((n) => Number.isSafeInteger(n) && n >= 0)) {
      throw new Error('Cannot restore: bad sequence.');
    }
    const records = [...state.orders].sort((a, b) => a.priority - b.priority);
    let priority = 0;
    for (const record of records) {
      if (record.priority === priority) {
        throw new Error(`Cannot restore: priority ${priority} twice.`);
      }
      priority = record.priority;
      this.restoreOne(record);
    }
    const bid = this.bids.best();
    const ask = this.asks.best();
    if (bid !== null && ask !== null && bid.price >= ask.price) {
      throw new Error('Cannot restore: the resting orders cross.');
    }
    this.last = lastPriceTicks ?? 0;
    this.trades = tradeSeq;
    this.seq = bookSeq;
    this.nextPriority = priority + 1;
  }

  /**
   * Takes one order's state as another book left it, without matching (a follower's replica of
   * the book the owner matches on): an open `record` is put at its price in its time priority,
   * or only its amount changes when it kept its place; null takes the order out. Trusts the
   * caller to apply whole batches: between two orders of one batch the book may cross.
   */
  mirror(id: number, record: OpenOrderRecord | null): void {
    const known = this.open.get(id);
    this.seq++;
    if (known !== null && record !== null && this.keptPlace(known, record)) {
      const remaining = known.remaining + known.filledLots - record.filledLots;
      if (known.level !== null) known.level.lots += remaining - known.remaining;
      known.remaining = remaining;
      known.filledLots = record.filledLots;
      known.filledNotional = record.filledNotional;
      known.status = record.filledLots > 0 ? 'partiallyFilled' : 'new';
      return;
    }
    if (known !== null) {
      this.unlist(known);
      if (known.clientOrderId !== null) this.clientIds.delete(known);
    }
    if (record === null) return;
    this.restoreOne(record, true);
    this.nextPriority = Math.max(this.nextPriority, record.priority + 1);
  }

  /** Takes a trade another book made as this book's last (a follower's replica). */
  mirrorTrade(priceTicks: number, tradeSeq: number): void {
    this.last = priceTicks;
    this.trades = Math.max(this.trades, tradeSeq);
    this.seq++;
  }

  /** Whether an open order still waits where `record` says, so only its amount can differ. */
  private keptPlace(order: BookOrder, record: OpenOrderRecord): boolean {
    // A stop that triggers, like an order that rests, takes a new priority.
    const waits = order.kind === 'stopLimit' || order.kind === 'stopMarket';
    return !waits && order.priority === record.priority;
  }

  private restoreOne(record: OpenOrderRecord, byPriority = false): void {
    const place = checkRecord(record, this.limits);
    const { request } = record;
    if (this.open.has(request.id)) throw new Error(`Cannot restore: order ${request.id} twice.`);
    const order = new BookOrder(request);
    order.remaining -= record.filledLots;
    order.filledLots = record.filledLots;
    order.filledNotional = record.filledNotional;
    order.priority = record.priority;
    order.status = record.filledLots > 0 ? 'partiallyFilled' : 'new';
    if (place === 'book') {
      order.kind = 'limit';
      const side = this.sideOf(order);
      if (byPriority) side.insert(order, order.priceTicks);
      else side.append(order, order.priceTicks);
    } else {
      const stops = this.stopsOf(order);
      if (byPriority) stops.insert(order, order.stopTicks);
      else stops.append(order, order.stopTicks);
    }
    this.open.set(order.id, order);
    const { accountId, clientOrderId } = request;
    if (clientOrderId !== undefined) {
      if (this.clientIds.get(accountId, clientOrderId) !== undefined) {
        throw new Error(`Cannot restore: client id ${accountId}:${clientOrderId} twice.`);
      }
      this.clientIds.set(order);
    }
    order.updatedAt = request.at;
  }

  // --- one operation -------------------------------------------------------------------------

  private begin(at: number): void {
    this.events.clear();
    this.now = at;
    this.changed = false;
    this.taker = null;
    this.takerUpdate = null;
    this.lowTrade = Number.POSITIVE_INFINITY;
    this.highTrade = 0;
  }

  /** Ends the operation: the book sequence moves if anything changed. */
  private finish(): number {
    if (this.changed) this.seq++;
    return this.seq;
  }

  private reject(order: BookOrder, reason: OrderReason, at: number): PlaceResult {
    order.status = 'rejected';
    order.reason = reason;
    const update = order.writeUpdate(this.events.rejection(), at);
    this.recycle(order);
    return this.answer(update, false);
  }

  /** The result of a place that placed nothing: a rejection or a duplicate. */
  private answer(order: OrderUpdate, duplicate: boolean): PlaceResult {
    const placed = this.placed;
    placed.order = order;
    placed.events = this.events.events();
    placed.duplicate = duplicate;
    placed.bookSeq = this.seq;
    return placed;
  }

  private recycle(order: BookOrder): void {
    if (this.spare.length < MAX_SPARE) this.spare.push(order);
  }

  /** Records an order's new state as an event; an ended order's client id joins the recent ones. */
  private report(order: BookOrder): OrderUpdate {
    const update = order.writeUpdate(this.events.update(), this.now);
    if (order === this.taker) this.takerUpdate = update;
    if (order.done) {
      // An order with a client id stays known a while for idempotent placing; others are free.
      if (order.clientOrderId === null) this.recycle(order);
      else this.retire(order);
    }
    return update;
  }

  private end(order: BookOrder, status: OrderStatus, reason: OrderReason | null): void {
    order.status = status;
    order.reason = reason;
    // A rejected order never happened: no event, nothing for settlement to undo.
    if (status !== 'rejected') this.report(order);
  }

  private retire(order: BookOrder): void {
    const forgotten = this.clientIds.retire(order);
    if (forgotten !== null) this.recycle(forgotten);
  }

  private sideOf(order: BookOrder): PriceLevels {
    return order.isBuy ? this.bids : this.asks;
  }

  private stopsOf(order: BookOrder): PriceLevels {
    return order.isBuy ? this.buyStops : this.sellStops;
  }

  /** Takes an open order out of the book or the stop book, and out of every index. */
  private unlist(order: BookOrder): void {
    const waiting = order.kind === 'stopLimit' || order.kind === 'stopMarket';
    (waiting ? this.stopsOf(order) : this.sideOf(order)).remove(order);
    this.open.delete(order.id);
    this.changed = true;
  }

  private cancelOpen(order: BookOrder): OrderUpdate {
    this.unlist(order);
    order.status = 'cancelled';
    return this.report(order);
  }

  // --- matching ------------------------------------------------------------------------------

  /** Runs a limit or market order (arriving, or a stop just triggered) against the book. */
  private execute(order: BookOrder, arriving: boolean): void {
    const opposite = order.isBuy ? this.asks : this.bids;
    if (order.kind === 'limit') this.executeLimit(order, opposite, arriving);
    else this.executeMarket(order, opposite, arriving);
  }

  private executeLimit(order: BookOrder, opposite: PriceLevels, arriving: boolean): void {
    const best = opposite.best();
    const price = order.priceTicks;
    const crosses = best !== null && (order.isBuy ? best.price <= price : best.price >= price);
    // A post-only order that would take is rejected on arrival, as Binance rejects a LIMIT_MAKER:
    // it never existed, so there is no event. A post-only stop that triggers was accepted long
    // before, so it expires instead.
    if (order.postOnly && crosses) {
      this.end(order, arriving ? 'rejected' : 'expired', 'postOnlyWouldTake');
      return;
    }
    if (order.timeInForce === 'FOK' && !this.canFill(order, opposite)) {
      this.end(order, 'expired', 'fokUnfillable');
      return;
    }
    if (crosses && this.match(order, opposite) === MATCH_SELF) return;
    if (order.remaining === 0) this.end(order, 'filled', null);
    else if (order.timeInForce !== 'GTC') this.end(order, 'expired', 'iocRemainder');
    else this.rest(order);
  }

  private executeMarket(order: BookOrder, opposite: PriceLevels, arriving: boolean): void {
    if (opposite.best() === null) {
      this.end(order, arriving ? 'rejected' : 'expired', 'noLiquidity');
      return;
    }
    const outcome = this.match(order, opposite);
    if (outcome === MATCH_SELF) return;
    if (order.remaining === 0) {
      this.end(order, 'filled', null);
      return;
    }
    if (outcome === MATCH_DUST && order.filledLots > 0) {
      // A buy by total is filled once what is left cannot buy one more lot; a buy of an amount
      // whose spending limit ran out first did not get what was asked for.
      if (order.byTotal) this.end(order, 'filled', null);
      else this.end(order, 'expired', 'fundsSpent');
      return;
    }
    this.end(order, 'expired', 'iocRemainder');
  }

  private rest(order: BookOrder): void {
    order.status = order.filledLots > 0 ? 'partiallyFilled' : 'new';
    order.priority = this.nextPriority++;
    this.sideOf(order).append(order, order.priceTicks);
    this.open.set(order.id, order);
    this.changed = true;
    this.report(order);
  }

  /** Trades the taker against the best makers, one maker per turn, until a stop condition. */
  private match(taker: BookOrder, book: PriceLevels): number {
    const isBuy = taker.isBuy;
    const limit = taker.kind === 'limit' ? taker.priceTicks : 0;
    for (;;) {
      if (taker.remaining === 0) return MATCH_DONE;
      const level = book.best();
      if (level === null) return MATCH_OUT;
      const price = level.price;
      if (limit !== 0 && (isBuy ? price > limit : price < limit)) return MATCH_OUT;
      let lots = taker.remaining;
      const total = taker.totalLeft;
      if (total !== NO_TOTAL) {
        let affordable = Math.floor(total / price);
        // Division rounds in floating point; the product of safe integers this size is exact.
        if (affordable * price > total) affordable--;
        if (affordable === 0) return MATCH_DUST;
        if (affordable < lots) lots = affordable;
      }
      const maker = level.head as BookOrder;
      if (maker.accountId === taker.accountId && taker.selfTrade !== 'none') {
        if (this.preventSelfTrade(taker, maker)) return MATCH_SELF;
        continue;
      }
      this.fill(taker, maker, price, Math.min(maker.remaining, lots));
    }
  }

  private fill(taker: BookOrder, maker: BookOrder, price: number, lots: number): void {
    const notional = price * lots;
    maker.remaining -= lots;
    maker.filledLots += lots;
    maker.filledNotional += notional;
    (maker.level as NonNullable<BookOrder['level']>).lots -= lots;
    taker.remaining -= lots;
    taker.filledLots += lots;
    taker.filledNotional += notional;
    if (taker.totalLeft !== NO_TOTAL) taker.totalLeft -= notional;
    this.last = price;
    if (price < this.lowTrade) this.lowTrade = price;
    if (price > this.highTrade) this.highTrade = price;
    this.changed = true;
    const trade = this.events.trade();
    trade.seq = ++this.trades;
    trade.priceTicks = price;
    trade.lots = lots;
    trade.takerSide = taker.isBuy ? 'buy' : 'sell';
    trade.makerOrderId = maker.id;
    trade.takerOrderId = taker.id;
    trade.makerAccountId = maker.accountId;
    trade.takerAccountId = taker.accountId;
    trade.at = this.now;
    if (maker.remaining === 0) {
      this.unlist(maker);
      maker.status = 'filled';
    } else {
      maker.status = 'partiallyFilled';
    }
    this.report(maker);
  }

  /** Applies the taker's self-trade mode to a maker of its own account; true if the taker ends. */
  private preventSelfTrade(taker: BookOrder, maker: BookOrder): boolean {
    const mode = taker.selfTrade;
    if (mode !== 'expireTaker') {
      this.unlist(maker);
      this.end(maker, 'expired', 'selfTrade');
    }
    if (mode === 'expireMaker') return false;
    this.end(taker, 'expired', 'selfTrade');
    return true;
  }

  /**
   * Whether a fill-or-kill limit order would fill in full, counting makers as matching would:
   * its own orders are skipped under expireMaker and end the fill under the other modes, so a
   * FOK that meets one fails, changing nothing.
   */
  private canFill(taker: BookOrder, book: PriceLevels): boolean {
    let need = taker.remaining;
    const limit = taker.priceTicks;
    const mode = taker.selfTrade;
    for (let level = book.best(); ; level = level.worse) {
      if (level === null || (taker.isBuy ? level.price > limit : level.price < limit)) {
        return false;
      }
      if (mode === 'none') {
        need -= level.lots;
        if (need <= 0) return true;
        continue;
      }
      for (let maker = level.head; maker !== null; maker = maker.next) {
        if (maker.accountId === taker.accountId) {
          if (mode === 'expireMaker') continue;
          return false;
        }
        need -= maker.remaining;
        if (need <= 0) return true;
      }
    }
  }

  // --- stops ---------------------------------------------------------------------------------

  /** Files a stop to wait for its trigger; one the last price has already reached is rejected. */
  private waitStop(order: BookOrder): void {
    const last = this.last;
    if (last !== 0 && (order.isBuy ? last >= order.stopTicks : last <= order.stopTicks)) {
      this.end(order, 'rejected', 'stopWouldTrigger');
      return;
    }
    order.priority = this.nextPriority++;
    this.stopsOf(order).append(order, order.stopTicks);
    this.open.set(order.id, order);
    this.changed = true;
    this.report(order);
  }

  /**
   * Runs the stops this operation's trades reached, then those their trades reached, until none
   * is left. Every trade price counts as a last price, so a sweep through several prices triggers
   * what any of them reached. Stops reached by the same trades run oldest first (by priority),
   * batches in the order they were reached.
   */
  private runStops(): void {
    if (!this.stopsReached()) return;
    const queue = this.triggered;
    this.collectTriggered(queue);
    for (let i = 0; i < queue.length; i++) {
      const stop = queue[i] as BookOrder;
      const tradesBefore = this.trades;
      const event = this.events.stopTriggered();
      event.orderId = stop.id;
      event.accountId = stop.accountId;
      event.stopTicks = stop.stopTicks;
      event.triggerTicks = stop.triggerTicks;
      event.at = this.now;
      stop.kind = stop.kind === 'stopLimit' ? 'limit' : 'market';
      this.execute(stop, false);
      if (this.trades !== tradesBefore && this.stopsReached()) this.collectTriggered(queue);
    }
    // Emptied only when stops ran: V8 drops an array's storage when its length is set to 0.
    queue.length = 0;
  }

  /** Whether this operation's trades reached a waiting stop. */
  private stopsReached(): boolean {
    const { highTrade, lowTrade } = this;
    const buy = this.buyStops.best();
    const sell = this.sellStops.best();
    return (buy !== null && buy.price <= highTrade) || (sell !== null && sell.price >= lowTrade);
  }

  /** Moves every stop reached by this operation's trades out of the stop book into `queue`. */
  private collectTriggered(queue: BookOrder[]): void {
    const from = queue.length;
    const { buyStops, sellStops, highTrade, lowTrade } = this;
    while ((buyStops.best()?.price ?? Number.POSITIVE_INFINITY) <= highTrade) {
      this.takeStops(buyStops, highTrade, queue);
    }
    while ((sellStops.best()?.price ?? 0) >= lowTrade) {
      this.takeStops(sellStops, lowTrade, queue);
    }
    // Stops reached by the same trades run oldest first.
    if (queue.length - from > 1) {
      const batch = queue.splice(from).sort(byPriority);
      for (const stop of batch) queue.push(stop);
    }
  }

  private takeStops(stops: PriceLevels, triggerTicks: number, into: BookOrder[]): void {
    const level = stops.popBest();
    let order = level?.head ?? null;
    while (order !== null) {
      const next = order.next;
      order.level = null;
      order.prev = null;
      order.next = null;
      order.triggerTicks = triggerTicks;
      this.open.delete(order.id);
      into.push(order);
      order = next;
    }
    this.changed = true;
  }
}

function topLevels(side: PriceLevels, count: number): DepthLevel[] {
  const levels: DepthLevel[] = [];
  for (let level = side.best(); level !== null && levels.length < count; level = level.worse) {
    levels.push({ priceTicks: level.price, lots: level.lots, orders: level.count });
  }
  return levels;
}
