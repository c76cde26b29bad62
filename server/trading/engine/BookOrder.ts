/**
 * The engine's own record of an order: its state plus the links that place it in the book, and
 * the level it waits in (the two point at each other, so they live in one file).
 */
import type { OrderReason, OrderStatus, OrderUpdate } from './EngineEvent.ts';
import {
  DEFAULT_SELF_TRADE,
  type OrderRequest,
  type OrderType,
  type SelfTradeMode,
  type TimeInForce,
} from './OrderRequest.ts';

/** `remaining` of a market buy that gives only a total: more lots than any book holds. */
export const UNBOUNDED_LOTS = Number.MAX_SAFE_INTEGER;

/** `totalLeft` of an order without a total. */
export const NO_TOTAL = -1;

/**
 * One order, mutable. Every field is declared with a value so all instances share one shape
 * (V8 then keeps property access monomorphic in the matching loop), and `reset` fills them all,
 * so the book can reuse the records of ended orders instead of allocating (see OrderBook).
 */
export class BookOrder {
  id = 0;
  accountId = 0;
  clientOrderId: string | null = null;
  isBuy = false;
  /** Limit or market; a triggered stop becomes the one it stood for. */
  kind: OrderType = 'limit';
  priceTicks = 0;
  stopTicks = 0;
  /** Lots still wanted. */
  remaining = 0;
  /** Notional still to spend, or NO_TOTAL. */
  totalLeft = NO_TOTAL;
  filledLots = 0;
  filledNotional = 0;
  timeInForce: TimeInForce = 'GTC';
  postOnly = false;
  selfTrade: SelfTradeMode = DEFAULT_SELF_TRADE;
  status: OrderStatus = 'new';
  reason: OrderReason | null = null;
  priority = 0;
  /** For a triggered stop: the trade price that reached its stop. */
  triggerTicks = 0;
  /** The time of the latest change reported (kept instead of the update itself: less to keep). */
  updatedAt = 0;

  /** The level (book or stop) the order waits in, and its neighbours there. */
  level: PriceLevel | null = null;
  prev: BookOrder | null = null;
  next: BookOrder | null = null;

  /** Whether this is a buy that gives only a total to spend (no amount). */
  get byTotal(): boolean {
    return this.remaining + this.filledLots === UNBOUNDED_LOTS;
  }

  constructor(request: OrderRequest) {
    this.reset(request);
  }

  /** Makes this record the new order `request` describes. */
  reset(request: OrderRequest): this {
    this.id = request.id;
    this.accountId = request.accountId;
    this.clientOrderId = request.clientOrderId ?? null;
    this.isBuy = request.side === 'buy';
    this.kind = request.type;
    const limit = request.type === 'limit' || request.type === 'stopLimit';
    this.priceTicks = limit ? request.priceTicks : 0;
    this.stopTicks =
      request.type === 'stopLimit' || request.type === 'stopMarket' ? request.stopTicks : 0;
    this.remaining = request.lots ?? UNBOUNDED_LOTS;
    this.totalLeft = limit ? NO_TOTAL : (request.total ?? NO_TOTAL);
    this.filledLots = 0;
    this.filledNotional = 0;
    this.timeInForce = (limit && request.timeInForce) || 'GTC';
    this.postOnly = (limit && request.postOnly) || false;
    this.selfTrade = request.selfTrade ?? DEFAULT_SELF_TRADE;
    this.status = 'new';
    this.reason = null;
    this.priority = 0;
    this.triggerTicks = 0;
    this.updatedAt = 0;
    this.level = null;
    this.prev = null;
    this.next = null;
    return this;
  }

  /** Whether the order has ended (nothing open, nothing more will happen to it). */
  get done(): boolean {
    const status = this.status;
    return status !== 'new' && status !== 'partiallyFilled';
  }

  /** A new snapshot of the order, stamped with the time of the change. */
  update(at: number): OrderUpdate {
    return this.writeUpdate(blankUpdate(), at);
  }

  /** Writes the order's state into `into` (a snapshot the book reuses), stamped `at`. */
  writeUpdate(into: OrderUpdate, at: number): OrderUpdate {
    this.updatedAt = at;
    const open = this.done ? 0 : this.remaining;
    into.id = this.id;
    into.accountId = this.accountId;
    into.clientOrderId = this.clientOrderId;
    into.side = this.isBuy ? 'buy' : 'sell';
    into.status = this.status;
    into.reason = this.reason;
    into.filledLots = this.filledLots;
    into.filledNotional = this.filledNotional;
    into.openLots = open === UNBOUNDED_LOTS ? 0 : open;
    into.priority = this.priority;
    into.at = at;
    return into;
  }
}

/** An order update with every field set, to be written over. */
export function blankUpdate(): OrderUpdate {
  return {
    type: 'order',
    id: 0,
    accountId: 0,
    clientOrderId: null,
    side: 'buy',
    status: 'new',
    reason: null,
    filledLots: 0,
    filledNotional: 0,
    openLots: 0,
    priority: 0,
    at: 0,
  };
}

/**
 * The orders waiting at one price, oldest first, as an intrusive doubly-linked list; also a node
 * of the side's list of levels from best to worst, and of its level tree (LevelTree) on a pair
 * whose prices are too many for a tick index.
 */
export class PriceLevel {
  head: BookOrder | null = null;
  tail: BookOrder | null = null;
  /** Sum of the orders' remaining lots (kept only where it means something: the book sides). */
  lots = 0;
  count = 0;
  price = 0;
  /** The price as its side ranks it: smaller is better (the negated price on a bid side). */
  key = 0;
  /** The next level toward the worst and toward the best price on this side. */
  worse: PriceLevel | null = null;
  better: PriceLevel | null = null;
  /** Tree links and the height of this level's subtree (LevelTree only). */
  left: PriceLevel | null = null;
  right: PriceLevel | null = null;
  height = 1;
}
