import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { BookLimits } from './BookLimits.ts';
import type { EngineEvent, OrderUpdate, TradeEvent } from './EngineEvent.ts';
import { OrderBook } from './OrderBook.ts';
import type { OrderRequest } from './OrderRequest.ts';

const LIMITS: BookLimits = {
  maxPriceTicks: 1_000_000,
  maxLots: 1_000_000,
  maxNotional: 1_000_000_000_000,
  minNotional: 0,
};

/** A small deterministic random source (xorshift), so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

function lastTrade(events: readonly EngineEvent[]): TradeEvent | undefined {
  return events.filter((event): event is TradeEvent => event.type === 'trade').pop();
}

function changedOrders(events: readonly EngineEvent[], taker: OrderUpdate | null): OrderUpdate[] {
  const byId = new Map<number, OrderUpdate>();
  for (const event of events) if (event.type === 'order') byId.set(event.id, event);
  if (taker !== null && taker.status !== 'rejected') byId.set(taker.id, taker);
  return [...byId.values()];
}

it('a book mirrored from its changed orders, in any order, matches like the one that matched', () => {
  const next = random(7);
  const owner = new OrderBook(LIMITS);
  const replica = new OrderBook(LIMITS);
  const requests = new Map<number, OrderRequest>();
  const open: number[] = [];
  let id = 1;
  const mirror = (updates: OrderUpdate[]) => {
    // A batch's rows come in any order: priority, not arrival, places each.
    const shuffled = [...updates].sort(() => next() - 0.5);
    for (const update of shuffled) {
      const request = requests.get(update.id);
      assert.ok(request !== undefined);
      const stillOpen = update.status === 'new' || update.status === 'partiallyFilled';
      replica.mirror(
        update.id,
        stillOpen
          ? {
              request,
              filledLots: update.filledLots,
              filledNotional: update.filledNotional,
              priority: update.priority,
              triggered: false,
            }
          : null,
      );
    }
  };
  for (let step = 0; step < 3_000; step++) {
    const roll = next();
    let updates: OrderUpdate[];
    let events: readonly EngineEvent[] = [];
    if (roll < 0.15 && open.length > 0) {
      const [cancelled] = open.splice(Math.floor(next() * open.length), 1);
      const result = owner.cancel(cancelled ?? 0, step);
      events = result.events;
      updates = changedOrders(result.events, result.order);
    } else {
      const side = next() < 0.5 ? 'buy' : 'sell';
      const request: OrderRequest =
        roll < 0.25
          ? { id, accountId: 1, at: step, type: 'market', side, lots: 1 + Math.floor(next() * 5) }
          : {
              id,
              accountId: 1 + Math.floor(next() * 3),
              at: step,
              type: 'limit',
              side,
              priceTicks: 95 + Math.floor(next() * 10),
              lots: 1 + Math.floor(next() * 5),
            };
      requests.set(id, request);
      open.push(id);
      id += 1;
      const result = owner.place(request);
      events = result.events;
      updates = changedOrders(result.events, result.order);
    }
    mirror(updates);
    const trade = lastTrade(events);
    if (trade !== undefined) replica.mirrorTrade(trade.priceTicks, trade.seq);
    assert.deepEqual(replica.depth(50), { ...owner.depth(50), bookSeq: replica.bookSeq });
    assert.equal(replica.openCount, owner.openCount);
  }
  // Sweeping both books shows the same queues: the same makers, in the same order.
  const sweep = (book: OrderBook, side: 'buy' | 'sell') =>
    book
      .place({ id: id++, accountId: 9, at: 0, type: 'market', side, lots: 1_000_000 })
      .events.filter((event): event is TradeEvent => event.type === 'trade')
      .map((event) => event.makerOrderId);
  for (const side of ['buy', 'sell'] as const) {
    const sweepId = id;
    const mine = sweep(owner, side);
    id = sweepId;
    assert.deepEqual(sweep(replica, side), mine);
  }
});
