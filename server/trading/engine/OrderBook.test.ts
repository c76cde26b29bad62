import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BookLimits } from './BookLimits.ts';
import type { EngineEvent, OrderUpdate, TradeEvent } from './EngineEvent.ts';
import { OrderBook, type OrderBookOptions } from './OrderBook.ts';
import type {
  LimitRequest,
  MarketRequest,
  OrderRequest,
  StopLimitRequest,
  StopMarketRequest,
} from './OrderRequest.ts';

const LIMITS: BookLimits = {
  maxPriceTicks: 1_000_000,
  maxLots: 1_000_000,
  maxNotional: 1_000_000_000_000,
  minNotional: 0,
};

let nextId = 1;
const AT = 1_700_000_000_000;

/**
 * A book whose place, cancel and cancelAll results are copies: the book's own are written over
 * by its next call, and these tests keep results across calls.
 */
function newBook(options: OrderBookOptions = {}, limits = LIMITS): OrderBook {
  const book = new OrderBook(limits, options);
  return new Proxy(book, {
    get(target, name) {
      const value = Reflect.get(target, name, target);
      if (typeof value !== 'function') return value;
      if (name !== 'place' && name !== 'cancel' && name !== 'cancelAll') return value.bind(target);
      return (...args: unknown[]) => structuredClone(value.apply(target, args));
    },
  });
}

type Without<T> = Omit<T, 'id' | 'at' | 'type' | 'accountId'> & { id?: number; accountId?: number };

function limit(fields: Without<LimitRequest>): LimitRequest {
  return { id: nextId++, accountId: 1, at: AT, type: 'limit', ...fields };
}

function market(fields: Without<MarketRequest>): MarketRequest {
  return { id: nextId++, accountId: 1, at: AT, type: 'market', ...fields };
}

function stopLimit(fields: Without<StopLimitRequest>): StopLimitRequest {
  return { id: nextId++, accountId: 1, at: AT, type: 'stopLimit', ...fields };
}

function stopMarket(fields: Without<StopMarketRequest>): StopMarketRequest {
  return { id: nextId++, accountId: 1, at: AT, type: 'stopMarket', ...fields };
}

function trades(events: readonly EngineEvent[]): Pick<TradeEvent, 'priceTicks' | 'lots'>[] {
  return events
    .filter((e): e is TradeEvent => e.type === 'trade')
    .map(({ priceTicks, lots }) => ({ priceTicks, lots }));
}

function makers(events: readonly EngineEvent[]): number[] {
  return events.filter((e): e is TradeEvent => e.type === 'trade').map((e) => e.makerOrderId);
}

function updates(events: readonly EngineEvent[]): Pick<OrderUpdate, 'id' | 'status'>[] {
  return events
    .filter((e): e is OrderUpdate => e.type === 'order')
    .map(({ id, status }) => ({ id, status }));
}

/** Places and expects acceptance. */
function place(book: OrderBook, request: OrderRequest) {
  const result = book.place(request);
  assert.notEqual(result.order.status, 'rejected', `rejected: ${result.order.reason}`);
  return result;
}

function levels(book: OrderBook) {
  const { bids, asks } = book.depth(10);
  const pairs = (side: typeof bids) => side.map((l) => [l.priceTicks, l.lots, l.orders]);
  return { bids: pairs(bids), asks: pairs(asks) };
}

describe('limit orders', () => {
  it('rest when they do not cross, aggregated by price in depth', () => {
    const book = newBook();
    place(book, limit({ side: 'buy', priceTicks: 100, lots: 5 }));
    place(book, limit({ side: 'buy', priceTicks: 100, lots: 3 }));
    place(book, limit({ side: 'buy', priceTicks: 99, lots: 1 }));
    const sell = place(book, limit({ side: 'sell', priceTicks: 101, lots: 2 }));
    assert.equal(sell.order.status, 'new');
    assert.equal(sell.order.openLots, 2);
    assert.deepEqual(sell.events, [sell.order]);
    assert.deepEqual(levels(book), {
      bids: [
        [100, 8, 2],
        [99, 1, 1],
      ],
      asks: [[101, 2, 1]],
    });
  });

  it('trade at the maker price, best price first, then oldest first at a price', () => {
    const book = newBook();
    const a = place(book, limit({ side: 'sell', priceTicks: 102, lots: 1, accountId: 2 }));
    const b = place(book, limit({ side: 'sell', priceTicks: 101, lots: 1, accountId: 2 }));
    const c = place(book, limit({ side: 'sell', priceTicks: 101, lots: 1, accountId: 3 }));
    const taker = place(book, limit({ side: 'buy', priceTicks: 105, lots: 3 }));
    assert.deepEqual(makers(taker.events), [b.order.id, c.order.id, a.order.id]);
    assert.deepEqual(trades(taker.events), [
      { priceTicks: 101, lots: 1 },
      { priceTicks: 101, lots: 1 },
      { priceTicks: 102, lots: 1 },
    ]);
    assert.equal(taker.order.status, 'filled');
    assert.equal(taker.order.filledNotional, 304);
    assert.equal(book.lastPriceTicks, 102);
  });

  it('report each trade with both orders, both accounts, the taker side and a sequence', () => {
    const book = newBook();
    const maker = place(book, limit({ side: 'buy', priceTicks: 100, lots: 4, accountId: 7 }));
    const taker = place(book, limit({ side: 'sell', priceTicks: 90, lots: 1, accountId: 8 }));
    const again = place(book, limit({ side: 'sell', priceTicks: 90, lots: 1, accountId: 8 }));
    assert.deepEqual(taker.events[0], {
      type: 'trade',
      seq: 1,
      priceTicks: 100,
      lots: 1,
      takerSide: 'sell',
      makerOrderId: maker.order.id,
      takerOrderId: taker.order.id,
      makerAccountId: 7,
      takerAccountId: 8,
      at: AT,
    });
    assert.equal(again.events[0]?.type === 'trade' && again.events[0].seq, 2);
    assert.equal(book.tradeSeq, 2);
  });

  it('fill partially: the maker stays with the rest, a GTC taker rests its remainder', () => {
    const book = newBook();
    const maker = place(book, limit({ side: 'sell', priceTicks: 100, lots: 10, accountId: 2 }));
    const small = place(book, limit({ side: 'buy', priceTicks: 100, lots: 4 }));
    assert.deepEqual(updates(small.events), [
      { id: maker.order.id, status: 'partiallyFilled' },
      { id: small.order.id, status: 'filled' },
    ]);
    assert.equal(book.openOrder(maker.order.id)?.openLots, 6);
    const big = place(book, limit({ side: 'buy', priceTicks: 100, lots: 9 }));
    assert.equal(big.order.status, 'partiallyFilled');
    assert.equal(big.order.filledLots, 6);
    assert.equal(big.order.openLots, 3);
    assert.deepEqual(levels(book), { bids: [[100, 3, 1]], asks: [] });
  });

  it('IOC trades what crosses and expires the rest without resting', () => {
    const book = newBook();
    place(book, limit({ side: 'sell', priceTicks: 100, lots: 2, accountId: 2 }));
    const ioc = place(book, limit({ side: 'buy', priceTicks: 100, lots: 5, timeInForce: 'IOC' }));
    assert.equal(ioc.order.status, 'expired');
    assert.equal(ioc.order.reason, 'iocRemainder');
    assert.equal(ioc.order.filledLots, 2);
    assert.deepEqual(levels(book), { bids: [], asks: [] });
    const seq = book.bookSeq;
    const none = place(book, limit({ side: 'buy', priceTicks: 100, lots: 1, timeInForce: 'IOC' }));
    assert.equal(none.order.status, 'expired');
    assert.equal(none.bookSeq, seq, 'nothing changed, so the book sequence stays');
  });

  it('FOK fills in full at once or expires changing nothing', () => {
    const book = newBook();
    place(book, limit({ side: 'sell', priceTicks: 100, lots: 2, accountId: 2 }));
    place(book, limit({ side: 'sell', priceTicks: 101, lots: 2, accountId: 3 }));
    const seq = book.bookSeq;
    const tooMuch = place(
      book,
      limit({ side: 'buy', priceTicks: 101, lots: 5, timeInForce: 'FOK' }),
    );
    assert.equal(tooMuch.order.status, 'expired');
    assert.equal(tooMuch.order.reason, 'fokUnfillable');
    assert.deepEqual(tooMuch.events, [tooMuch.order]);
    assert.equal(tooMuch.bookSeq, seq);
    const tooLow = place(
      book,
      limit({ side: 'buy', priceTicks: 100, lots: 3, timeInForce: 'FOK' }),
    );
    assert.equal(tooLow.order.reason, 'fokUnfillable');
    const fits = place(book, limit({ side: 'buy', priceTicks: 101, lots: 4, timeInForce: 'FOK' }));
    assert.equal(fits.order.status, 'filled');
    assert.equal(fits.order.filledNotional, 2 * 100 + 2 * 101);
  });

  it('post-only rests when it would not take and is rejected (not expired) when it would', () => {
    const book = newBook();
    place(book, limit({ side: 'sell', priceTicks: 100, lots: 2, accountId: 2 }));
    const rests = place(book, limit({ side: 'buy', priceTicks: 99, lots: 1, postOnly: true }));
    assert.equal(rests.order.status, 'new');
    const seq = book.bookSeq;
    const takes = book.place(limit({ side: 'buy', priceTicks: 100, lots: 1, postOnly: true }));
    assert.equal(takes.order.status, 'rejected');
    assert.equal(takes.order.reason, 'postOnlyWouldTake');
    assert.deepEqual(takes.events, []);
    assert.equal(takes.bookSeq, seq);
    const ioc = book.place(
      limit({ side: 'buy', priceTicks: 90, lots: 1, postOnly: true, timeInForce: 'IOC' }),
    );
    assert.equal(ioc.order.reason, 'invalidOrder');
  });
});

describe('market orders', () => {
  it('sell a number of lots down the book, expiring what the book cannot take', () => {
    const book = newBook();
    place(book, limit({ side: 'buy', priceTicks: 100, lots: 2, accountId: 2 }));
    place(book, limit({ side: 'buy', priceTicks: 98, lots: 2, accountId: 2 }));
    const filled = place(book, market({ side: 'sell', lots: 3 }));
    assert.equal(filled.order.status, 'filled');
    assert.deepEqual(trades(filled.events), [
      { priceTicks: 100, lots: 2 },
      { priceTicks: 98, lots: 1 },
    ]);
    const rest = place(book, market({ side: 'sell', lots: 5 }));
    assert.equal(rest.order.status, 'expired');
    assert.equal(rest.order.reason, 'iocRemainder');
    assert.equal(rest.order.filledLots, 1);
  });

  it('are rejected with a reason on an empty opposite book', () => {
    const book = newBook();
    place(book, limit({ side: 'buy', priceTicks: 100, lots: 2, accountId: 2 }));
    const result = book.place(market({ side: 'buy', lots: 1 }));
    assert.equal(result.order.status, 'rejected');
    assert.equal(result.order.reason, 'noLiquidity');
    assert.deepEqual(result.events, []);
  });

  it('buy by total: spend at most the total and stop when it cannot buy one more lot', () => {
    const book = newBook();
    place(book, limit({ side: 'sell', priceTicks: 100, lots: 3, accountId: 2 }));
    place(book, limit({ side: 'sell', priceTicks: 150, lots: 10, accountId: 2 }));
    const result = place(book, market({ side: 'buy', total: 700 }));
    // 3 × 100 = 300, then 400 buys 2 lots at 150 (300), and 100 left cannot buy a third.
    assert.deepEqual(trades(result.events), [
      { priceTicks: 100, lots: 3 },
      { priceTicks: 150, lots: 2 },
    ]);
    assert.equal(result.order.status, 'filled');
    assert.equal(result.order.filledNotional, 600);
    assert.equal(result.order.openLots, 0);
  });

  it('buy by lots and total stops at whichever comes first', () => {
    const book = newBook();
    place(book, limit({ side: 'sell', priceTicks: 100, lots: 10, accountId: 2 }));
    const byLots = place(book, market({ side: 'buy', lots: 2, total: 10_000 }));
    assert.equal(byLots.order.filledLots, 2);
    assert.equal(byLots.order.status, 'filled');
    // The total is the account's spending limit: running out of it leaves the amount unbought.
    const byTotal = place(book, market({ side: 'buy', lots: 5, total: 300 }));
    assert.equal(byTotal.order.filledLots, 3);
    assert.equal(byTotal.order.status, 'expired');
    assert.equal(byTotal.order.reason, 'fundsSpent');
  });

  it('buy by total that cannot afford one lot at the touch expires unfilled', () => {
    const book = newBook();
    place(book, limit({ side: 'sell', priceTicks: 100, lots: 10, accountId: 2 }));
    const result = place(book, market({ side: 'buy', total: 99 }));
    assert.equal(result.order.status, 'expired');
    assert.equal(result.order.filledLots, 0);
  });

  it('buy by total that empties the book expires the unspent part', () => {
    const book = newBook();
    place(book, limit({ side: 'sell', priceTicks: 100, lots: 1, accountId: 2 }));
    const result = place(book, market({ side: 'buy', total: 1_000 }));
    assert.equal(result.order.status, 'expired');
    assert.equal(result.order.reason, 'iocRemainder');
    assert.equal(result.order.filledNotional, 100);
  });
});

describe('self-trade prevention', () => {
  function sameAccountBook() {
    const book = newBook();
    const own = place(book, limit({ side: 'sell', priceTicks: 100, lots: 2, accountId: 1 }));
    const other = place(book, limit({ side: 'sell', priceTicks: 100, lots: 2, accountId: 2 }));
    return { book, own: own.order.id, other: other.order.id };
  }

  it('expireTaker is the default: the taker expires at its own order, the maker stays', () => {
    const { book, own } = sameAccountBook();
    const result = place(book, limit({ side: 'buy', priceTicks: 100, lots: 3 }));
    assert.equal(result.order.status, 'expired');
    assert.equal(result.order.reason, 'selfTrade');
    assert.deepEqual(trades(result.events), []);
    assert.equal(book.openOrder(own)?.status, 'new');
  });

  it('expireMaker expires the own resting order and goes on trading', () => {
    const { book, own, other } = sameAccountBook();
    const result = place(
      book,
      limit({ side: 'buy', priceTicks: 100, lots: 3, selfTrade: 'expireMaker' }),
    );
    assert.deepEqual(updates(result.events), [
      { id: own, status: 'expired' },
      { id: other, status: 'filled' },
      { id: result.order.id, status: 'partiallyFilled' },
    ]);
    assert.equal(book.openOrder(own), null);
    assert.deepEqual(levels(book), { bids: [[100, 1, 1]], asks: [] });
  });

  it('expireBoth expires the own resting order and the taker', () => {
    const { book, own, other } = sameAccountBook();
    const result = place(
      book,
      limit({ side: 'buy', priceTicks: 100, lots: 3, selfTrade: 'expireBoth' }),
    );
    assert.deepEqual(updates(result.events), [
      { id: own, status: 'expired' },
      { id: result.order.id, status: 'expired' },
    ]);
    assert.equal(book.openOrder(other)?.openLots, 2);
  });

  it('none lets an account trade with itself', () => {
    const { book, own } = sameAccountBook();
    const result = place(book, limit({ side: 'buy', priceTicks: 100, lots: 1, selfTrade: 'none' }));
    assert.deepEqual(makers(result.events), [own]);
  });

  it('applies only to the same account, after other makers ahead of it traded', () => {
    const book = newBook();
    const other = place(book, limit({ side: 'sell', priceTicks: 100, lots: 1, accountId: 2 }));
    place(book, limit({ side: 'sell', priceTicks: 101, lots: 1, accountId: 1 }));
    const result = place(book, market({ side: 'buy', lots: 2 }));
    assert.deepEqual(makers(result.events), [other.order.id]);
    assert.equal(result.order.status, 'expired');
    assert.equal(result.order.reason, 'selfTrade');
    assert.equal(result.order.filledLots, 1);
  });

  it('FOK counts makers as matching would: skips own under expireMaker, fails at one otherwise', () => {
    const { book, own } = sameAccountBook();
    const fails = place(book, limit({ side: 'buy', priceTicks: 100, lots: 2, timeInForce: 'FOK' }));
    assert.equal(fails.order.reason, 'fokUnfillable');
    assert.equal(book.openOrder(own)?.status, 'new', 'a failed FOK changes nothing');
    const skips = place(
      book,
      limit({
        side: 'buy',
        priceTicks: 100,
        lots: 2,
        timeInForce: 'FOK',
        selfTrade: 'expireMaker',
      }),
    );
    assert.equal(skips.order.status, 'filled');
    assert.equal(book.openOrder(own), null);
  });
});

describe('stop orders', () => {
  /** A book whose last price is 100, with sells above and buys below. */
  function tradedBook() {
    const book = newBook();
    place(book, limit({ side: 'sell', priceTicks: 100, lots: 1, accountId: 9 }));
    place(book, limit({ side: 'buy', priceTicks: 100, lots: 1, accountId: 8 }));
    for (const price of [101, 102, 103, 104]) {
      place(book, limit({ side: 'sell', priceTicks: price, lots: 1, accountId: 9 }));
    }
    for (const price of [99, 98, 97, 96]) {
      place(book, limit({ side: 'buy', priceTicks: price, lots: 1, accountId: 8 }));
    }
    assert.equal(book.lastPriceTicks, 100);
    return book;
  }

  it('wait until a trade reaches the stop: a buy stop at or above it', () => {
    const book = tradedBook();
    const stop = place(book, stopMarket({ side: 'buy', stopTicks: 101, lots: 1 }));
    assert.equal(stop.order.status, 'new');
    assert.deepEqual(trades(stop.events), []);
    const trigger = place(book, market({ side: 'buy', lots: 1, accountId: 5 }));
    assert.deepEqual(
      trigger.events.map((e) => e.type),
      ['trade', 'order', 'order', 'stopTriggered', 'trade', 'order', 'order'],
    );
    assert.deepEqual(trigger.events[3], {
      type: 'stopTriggered',
      orderId: stop.order.id,
      accountId: 1,
      stopTicks: 101,
      triggerTicks: 101,
      at: AT,
    });
    assert.equal(trigger.events[6]?.type === 'order' && trigger.events[6].status, 'filled');
    assert.equal(book.lastPriceTicks, 102);
  });

  it('a sell stop triggers at or below its stop and may rest as a limit order', () => {
    const book = tradedBook();
    const stop = place(book, stopLimit({ side: 'sell', stopTicks: 99, priceTicks: 98, lots: 3 }));
    const trigger = place(book, market({ side: 'sell', lots: 1, accountId: 5 }));
    assert.deepEqual(trades(trigger.events), [
      { priceTicks: 99, lots: 1 },
      { priceTicks: 98, lots: 1 },
    ]);
    const after = book.openOrder(stop.order.id);
    assert.equal(after?.status, 'partiallyFilled');
    assert.equal(after?.openLots, 2);
    assert.ok((after?.priority ?? 0) > stop.order.priority, 'rests with a new time priority');
    assert.deepEqual(levels(book).asks[0], [98, 2, 1]);
  });

  it('are rejected when the last price has already reached the stop', () => {
    const book = tradedBook();
    const result = book.place(stopMarket({ side: 'buy', stopTicks: 100, lots: 1 }));
    assert.equal(result.order.status, 'rejected');
    assert.equal(result.order.reason, 'stopWouldTrigger');
  });

  it('cascade: a triggered stop’s trades trigger the next, oldest first, until quiet', () => {
    const book = tradedBook();
    const first = place(book, stopMarket({ side: 'buy', stopTicks: 101, lots: 1, accountId: 3 }));
    const second = place(book, stopMarket({ side: 'buy', stopTicks: 102, lots: 1, accountId: 4 }));
    const third = place(book, stopMarket({ side: 'buy', stopTicks: 103, lots: 1, accountId: 6 }));
    // One lot at 101 and one at 102: reaches both stops 101 and 102 in one sweep.
    const trigger = place(book, market({ side: 'buy', lots: 2, accountId: 5 }));
    const order = trigger.events
      .filter((e) => e.type === 'stopTriggered')
      .map((e) => (e.type === 'stopTriggered' ? e.orderId : 0));
    // The first two are reached by the same trades and run oldest first; the first one's trade
    // at 103 reaches the third, which runs after the second (at 104) and finds no sellers left.
    assert.deepEqual(order, [first.order.id, second.order.id, third.order.id]);
    const last = trigger.events.at(-1);
    assert.equal(last?.type === 'order' && last.reason, 'noLiquidity');
    assert.deepEqual(levels(book).asks, []);
    assert.equal(book.lastPriceTicks, 104);
  });

  it('a triggered stop-market with nothing to trade expires', () => {
    const book = newBook();
    place(book, limit({ side: 'sell', priceTicks: 100, lots: 1, accountId: 2 }));
    place(book, limit({ side: 'buy', priceTicks: 100, lots: 1, accountId: 3 }));
    const stop = place(book, stopMarket({ side: 'sell', stopTicks: 95, lots: 1 }));
    place(book, limit({ side: 'buy', priceTicks: 90, lots: 1, accountId: 3 }));
    const trigger = place(book, limit({ side: 'sell', priceTicks: 90, lots: 1, accountId: 2 }));
    const final = trigger.events.at(-1);
    assert.equal(final?.type === 'order' && final.id, stop.order.id);
    assert.equal(final?.type === 'order' && final.status, 'expired');
    assert.equal(final?.type === 'order' && final.reason, 'noLiquidity');
  });

  it('can be cancelled while waiting', () => {
    const book = tradedBook();
    const stop = place(book, stopMarket({ side: 'buy', stopTicks: 101, lots: 1 }));
    assert.equal(book.cancel(stop.order.id, AT).order?.status, 'cancelled');
    const trigger = place(book, market({ side: 'buy', lots: 1, accountId: 5 }));
    assert.ok(trigger.events.every((e) => e.type !== 'stopTriggered'));
  });
});

describe('cancel', () => {
  it('removes one order from the middle of its level, keeping the others in time order', () => {
    const book = newBook();
    const ids = [1, 2, 3].map(
      (n) => place(book, limit({ side: 'sell', priceTicks: 100, lots: n, accountId: 2 })).order.id,
    );
    const cancelled = book.cancel(ids[1] as number, AT + 5);
    assert.equal(cancelled.order?.status, 'cancelled');
    assert.equal(cancelled.order?.at, AT + 5);
    assert.deepEqual(cancelled.events, [cancelled.order]);
    assert.deepEqual(levels(book).asks, [[100, 4, 2]]);
    const taker = place(book, market({ side: 'buy', lots: 4 }));
    assert.deepEqual(makers(taker.events), [ids[0], ids[2]]);
  });

  it('answers null for an unknown or ended order, changing nothing', () => {
    const book = newBook();
    const order = place(book, limit({ side: 'sell', priceTicks: 100, lots: 1 }));
    book.cancel(order.order.id, AT);
    const seq = book.bookSeq;
    assert.deepEqual(book.cancel(order.order.id, AT), { order: null, events: [], bookSeq: seq });
    assert.deepEqual(book.cancel(12345, AT).order, null);
  });

  it('cancelAll ends an account’s resting orders and stops, oldest first, and no one else’s', () => {
    const book = newBook();
    const a = place(book, limit({ side: 'sell', priceTicks: 101, lots: 1, accountId: 4 }));
    const other = place(book, limit({ side: 'sell', priceTicks: 101, lots: 1, accountId: 5 }));
    const b = place(book, stopMarket({ side: 'buy', stopTicks: 120, lots: 1, accountId: 4 }));
    const c = place(book, limit({ side: 'buy', priceTicks: 99, lots: 1, accountId: 4 }));
    const result = book.cancelAll(4, AT);
    assert.deepEqual(
      result.orders.map((o) => [o.id, o.status]),
      [a, b, c].map((r) => [r.order.id, 'cancelled']),
    );
    assert.equal(book.openCount, 1);
    assert.equal(book.openOrder(other.order.id)?.status, 'new');
    assert.deepEqual(book.cancelAll(4, AT).orders, []);
  });
});

describe('client order ids', () => {
  it('make placing idempotent: the same id returns the first order and no events', () => {
    const book = newBook();
    const first = place(book, limit({ side: 'buy', priceTicks: 100, lots: 2, clientOrderId: 'x' }));
    const again = book.place(
      limit({ side: 'buy', priceTicks: 105, lots: 9, clientOrderId: 'x', id: 999 }),
    );
    assert.equal(again.duplicate, true);
    assert.deepEqual(again.events, []);
    assert.deepEqual(again.order, first.order);
    assert.equal(book.openCount, 1);
    const otherAccount = book.place(
      limit({ side: 'buy', priceTicks: 100, lots: 2, clientOrderId: 'x', accountId: 2 }),
    );
    assert.equal(otherAccount.duplicate, false);
  });

  it('return the order’s latest state, also after it ended', () => {
    const book = newBook();
    const first = place(
      book,
      limit({ side: 'sell', priceTicks: 100, lots: 2, clientOrderId: 'y' }),
    );
    place(book, market({ side: 'buy', lots: 2, accountId: 2 }));
    const again = book.place(limit({ side: 'sell', priceTicks: 100, lots: 2, clientOrderId: 'y' }));
    assert.equal(again.duplicate, true);
    assert.equal(again.order.id, first.order.id);
    assert.equal(again.order.status, 'filled');
  });

  it('forget ended orders beyond rememberFinished, most recent kept', () => {
    const book = newBook({ rememberFinished: 1 });
    const ioc = { side: 'buy', priceTicks: 100, lots: 1, timeInForce: 'IOC' } as const;
    place(book, limit({ ...ioc, clientOrderId: 'a' }));
    place(book, limit({ ...ioc, clientOrderId: 'b' }));
    assert.equal(book.place(limit({ ...ioc, clientOrderId: 'b' })).duplicate, true);
    assert.equal(book.place(limit({ ...ioc, clientOrderId: 'a' })).duplicate, false);
  });

  it('are not taken by a rejected order', () => {
    const book = newBook();
    const rejected = book.place(market({ side: 'sell', lots: 1, clientOrderId: 'z' }));
    assert.equal(rejected.order.status, 'rejected');
    const next = book.place(limit({ side: 'sell', priceTicks: 100, lots: 1, clientOrderId: 'z' }));
    assert.equal(next.duplicate, false);
    assert.equal(next.order.status, 'new');
  });
});

describe('validation', () => {
  const reasonOf = (request: OrderRequest, limits = LIMITS) =>
    newBook({}, limits).place(request).order.reason;

  it('rejects prices and sizes that are not safe positive integers within the limits', () => {
    for (const priceTicks of [0, -1, 1.5, Number.NaN, Infinity, 2 ** 53, 1_000_001]) {
      assert.equal(reasonOf(limit({ side: 'buy', priceTicks, lots: 1 })), 'invalidPrice');
    }
    for (const lots of [0, 0.1, -3, 2 ** 53 + 2, 1_000_001]) {
      assert.equal(reasonOf(limit({ side: 'buy', priceTicks: 1, lots })), 'invalidQuantity');
      assert.equal(reasonOf(market({ side: 'sell', lots })), 'invalidQuantity');
    }
    assert.equal(reasonOf(market({ side: 'buy', total: 1.5 })), 'invalidTotal');
    const stop = stopLimit({ side: 'buy', stopTicks: 0.5, priceTicks: 1, lots: 1 });
    assert.equal(reasonOf(stop), 'invalidStopPrice');
  });

  it('rejects malformed orders: ids, sides, sizes that do not fit the type', () => {
    assert.equal(reasonOf(limit({ side: 'buy', priceTicks: 1, lots: 1, id: 1.5 })), 'invalidOrder');
    assert.equal(
      reasonOf(limit({ side: 'buy', priceTicks: 1, lots: 1, accountId: 0 })),
      'invalidOrder',
    );
    const sideless = { ...limit({ side: 'buy', priceTicks: 1, lots: 1 }), side: 'hold' };
    assert.equal(reasonOf(sideless as unknown as OrderRequest), 'invalidOrder');
    assert.equal(reasonOf(market({ side: 'sell', total: 100 })), 'invalidOrder');
    assert.equal(reasonOf(market({ side: 'buy' })), 'invalidOrder');
    const longId = limit({ side: 'buy', priceTicks: 1, lots: 1, clientOrderId: 'x'.repeat(65) });
    assert.equal(reasonOf(longId), 'invalidOrder');
  });

  it('rejects an order value below the minimum where it is known', () => {
    const limits = { ...LIMITS, minNotional: 500 };
    assert.equal(
      reasonOf(limit({ side: 'buy', priceTicks: 100, lots: 4 }), limits),
      'belowMinValue',
    );
    assert.equal(reasonOf(limit({ side: 'buy', priceTicks: 100, lots: 5 }), limits), null);
    assert.equal(reasonOf(market({ side: 'buy', total: 499 }), limits), 'belowMinValue');
  });

  it('rejects an id an open order already has', () => {
    const book = newBook();
    place(book, limit({ side: 'buy', priceTicks: 100, lots: 1, id: 77 }));
    const result = book.place(limit({ side: 'buy', priceTicks: 100, lots: 1, id: 77 }));
    assert.equal(result.order.reason, 'duplicateId');
  });
});

describe('restore', () => {
  it('rebuilds the book in recorded priority without matching, then trades as before', () => {
    const book = newBook();
    book.restore({
      orders: [
        {
          request: limit({ side: 'sell', priceTicks: 100, lots: 5, id: 11, clientOrderId: 'k' }),
          filledLots: 2,
          filledNotional: 200,
          priority: 30,
          triggered: false,
        },
        {
          request: limit({ side: 'sell', priceTicks: 100, lots: 1, id: 12 }),
          filledLots: 0,
          filledNotional: 0,
          priority: 10,
          triggered: false,
        },
        {
          request: stopLimit({ side: 'buy', stopTicks: 90, priceTicks: 95, lots: 2, id: 13 }),
          filledLots: 0,
          filledNotional: 0,
          priority: 20,
          triggered: true,
        },
        {
          request: stopMarket({ side: 'buy', stopTicks: 120, total: 5_000, id: 14 }),
          filledLots: 0,
          filledNotional: 0,
          priority: 40,
          triggered: false,
        },
      ],
      lastPriceTicks: 97,
      tradeSeq: 50,
      bookSeq: 70,
    });
    assert.deepEqual(levels(book), { bids: [[95, 2, 1]], asks: [[100, 4, 2]] });
    assert.equal(book.bookSeq, 70);
    assert.equal(book.openOrder(11)?.status, 'partiallyFilled');
    assert.equal(
      book.place(limit({ side: 'sell', priceTicks: 1, lots: 1, clientOrderId: 'k' })).duplicate,
      true,
    );
    const taker = place(book, limit({ side: 'buy', priceTicks: 100, lots: 4, accountId: 2 }));
    assert.deepEqual(makers(taker.events), [12, 11]);
    assert.equal(taker.events[0]?.type === 'trade' && taker.events[0].seq, 51);
    const rested = place(book, limit({ side: 'sell', priceTicks: 130, lots: 1, accountId: 2 }));
    assert.equal(rested.order.priority, 41);
  });

  it('refuses records that could not be open, crossed books and a used book', () => {
    const record = (request: OrderRequest, triggered = false) => ({
      request,
      filledLots: 0,
      filledNotional: 0,
      priority: nextId,
      triggered,
    });
    const state = (orders: ReturnType<typeof record>[]) => ({
      orders,
      lastPriceTicks: null,
      tradeSeq: 0,
      bookSeq: 0,
    });
    assert.throws(() => newBook().restore(state([record(market({ side: 'sell', lots: 1 }))])));
    const ioc = limit({ side: 'buy', priceTicks: 1, lots: 1, timeInForce: 'IOC' });
    assert.throws(() => newBook().restore(state([record(ioc)])));
    const crossed = [
      record(limit({ side: 'buy', priceTicks: 101, lots: 1 })),
      { ...record(limit({ side: 'sell', priceTicks: 100, lots: 1 })), priority: 1e6 },
    ];
    assert.throws(() => newBook().restore(state(crossed)), /cross/);
    const used = newBook();
    place(used, limit({ side: 'buy', priceTicks: 1, lots: 1 }));
    assert.throws(() => used.restore(state([])), /new book/);
  });
});
