import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BookLimits } from './BookLimits.ts';
import { OrderBook } from './OrderBook.ts';
import type { LimitRequest } from './OrderRequest.ts';

const LIMITS: BookLimits = {
  maxPriceTicks: 1_000_000,
  maxLots: 1_000_000,
  maxNotional: 1_000_000_000_000,
  minNotional: 0,
};

let nextId = 1;

function limit(side: 'buy' | 'sell', priceTicks: number, lots: number): LimitRequest {
  const id = nextId++;
  return { id, accountId: id, side, at: 1_700_000_000_000, type: 'limit', priceTicks, lots };
}

describe('OrderBook hands out results it reuses', () => {
  it('returns the same result, events array and event objects on every call, rewritten', () => {
    const book = new OrderBook(LIMITS);
    book.place(limit('sell', 100, 5));
    book.place(limit('sell', 101, 5));
    const first = book.place(limit('buy', 100, 2));
    const { events } = first;
    const [trade, maker, taker] = events;
    assert.equal(trade?.type, 'trade');
    const second = book.place(limit('buy', 101, 7));
    assert.equal(second, first, 'one result object');
    assert.equal(second.events, events, 'one events array');
    assert.equal(second.events[0], trade, 'the first trade object written over');
    // Trades and order updates each come from their own pool, in the order they are reported.
    assert.equal(second.events[1], maker);
    assert.equal(second.events[3], taker);
    // What the first call reported is gone: the objects now say what the second did.
    assert.deepEqual(
      second.events.filter((e) => e.type === 'trade').map((e) => [e.priceTicks, e.lots]),
      [
        [100, 3],
        [101, 4],
      ],
    );
  });

  it('shares one events array between place and cancel, and an empty one when nothing happened', () => {
    const book = new OrderBook(LIMITS);
    const request = limit('buy', 50, 1);
    const placed = book.place(request).events;
    const cancelled = book.cancel(request.id, 0);
    assert.equal(cancelled.events, placed);
    assert.equal(cancelled.order?.status, 'cancelled');
    const missing = book.cancel(request.id, 0);
    assert.equal(missing.order, null);
    assert.equal(missing.events.length, 0);
    assert.equal(
      book.place(limit('buy', 50, 1)).events,
      placed,
      'the buffer survives an empty call',
    );
  });

  it('keeps giving the same answers while reusing (a copy taken in time stays true)', () => {
    const book = new OrderBook(LIMITS);
    const kept = structuredClone(book.place(limit('sell', 10, 4)));
    book.place(limit('buy', 10, 4));
    assert.equal(kept.order.status, 'new');
    assert.equal(kept.events.length, 1);
  });
});
