/**
 * One operation's events, written into objects a book keeps and writes over on its next
 * operation: after warming up, reporting allocates nothing. The caller reads them before its
 * next call on the book and copies what it keeps (see PlaceResult).
 */
import { blankUpdate } from './BookOrder.ts';
import type { EngineEvent, OrderUpdate, StopTriggeredEvent, TradeEvent } from './EngineEvent.ts';

/** What an operation that did nothing reports: shared, never written. */
const NO_EVENTS: readonly EngineEvent[] = Object.freeze([]);

function blankTrade(): TradeEvent {
  return {
    type: 'trade',
    seq: 0,
    priceTicks: 0,
    lots: 0,
    takerSide: 'buy',
    makerOrderId: 0,
    takerOrderId: 0,
    makerAccountId: 0,
    takerAccountId: 0,
    at: 0,
  };
}

function blankStop(): StopTriggeredEvent {
  return { type: 'stopTriggered', orderId: 0, accountId: 0, stopTicks: 0, triggerTicks: 0, at: 0 };
}

/** The events of the operation in progress, in reused objects (see the file comment). */
export class EventBuffer {
  /** Written by index and never emptied: V8 drops an array's storage when its length is set to 0. */
  private readonly list: EngineEvent[] = [];
  private count = 0;
  private readonly updates: OrderUpdate[] = [];
  private readonly trades: TradeEvent[] = [];
  private readonly stops: StopTriggeredEvent[] = [];
  private updatesUsed = 0;
  private tradesUsed = 0;
  private stopsUsed = 0;
  /** The answer to a rejected or duplicate order, which is no event. */
  private readonly answer = blankUpdate();

  /** Starts a new operation: every object handed out before is free to be written over. */
  clear(): void {
    this.count = 0;
    this.updatesUsed = 0;
    this.tradesUsed = 0;
    this.stopsUsed = 0;
  }

  /** The operation's events, in order, for its result. */
  events(): readonly EngineEvent[] {
    if (this.count === 0) return NO_EVENTS;
    if (this.list.length !== this.count) this.list.length = this.count;
    return this.list;
  }

  /** An order update appended to the events, for the caller to fill. */
  update(): OrderUpdate {
    const update = this.updates[this.updatesUsed] ?? this.grow(this.updates, blankUpdate());
    this.updatesUsed++;
    this.list[this.count++] = update;
    return update;
  }

  /** A trade appended to the events, for the caller to fill. */
  trade(): TradeEvent {
    const trade = this.trades[this.tradesUsed] ?? this.grow(this.trades, blankTrade());
    this.tradesUsed++;
    this.list[this.count++] = trade;
    return trade;
  }

  /** A stop trigger appended to the events, for the caller to fill. */
  stopTriggered(): StopTriggeredEvent {
    const stop = this.stops[this.stopsUsed] ?? this.grow(this.stops, blankStop());
    this.stopsUsed++;
    this.list[this.count++] = stop;
    return stop;
  }

  /** An update that is no event: the answer to a rejected or duplicate order. */
  rejection(): OrderUpdate {
    return this.answer;
  }

  private grow<T>(pool: T[], made: T): T {
    pool.push(made);
    return made;
  }
}
