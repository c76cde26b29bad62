/** What the engine reports: order updates, trades and stop triggers, in the order they happened. */
import type { Side } from './OrderRequest.ts';

/**
 * Where an order stands. `new`: open (resting, or a stop still waiting) with nothing filled;
 * `rejected`: refused on arrival, so nothing happened and nothing needs releasing; `expired`: ended
 * by the engine (IOC or market remainder, FOK that could not fill, self-trade prevention).
 */
export type OrderStatus =
  | 'new'
  | 'partiallyFilled'
  | 'filled'
  | 'cancelled'
  | 'expired'
  | 'rejected';

/** Why an order was rejected or expired; the error catalogue words each for a person. */
export type OrderReason =
  | 'invalidOrder'
  | 'invalidPrice'
  | 'invalidStopPrice'
  | 'invalidQuantity'
  | 'invalidTotal'
  | 'belowMinValue'
  | 'duplicateId'
  | 'postOnlyWouldTake'
  | 'stopWouldTrigger'
  | 'noLiquidity'
  | 'fokUnfillable'
  | 'iocRemainder'
  | 'fundsSpent'
  | 'selfTrade';

/** An order's state after a change: sent for the incoming order and for every maker it touched. */
export interface OrderUpdate {
  type: 'order';
  id: number;
  accountId: number;
  clientOrderId: string | null;
  side: Side;
  status: OrderStatus;
  /** Set when the status is `rejected` or `expired`, else null. */
  reason: OrderReason | null;
  /** Lots traded so far. */
  filledLots: number;
  /** Sum of price ticks × lots over the order's trades (what a buyer paid, a seller got). */
  filledNotional: number;
  /**
   * Lots still open on the book or waiting as a stop; 0 once the order has ended, and for a
   * waiting stop-market buy that gives only a total.
   */
  openLots: number;
  /** Time priority while open (smaller is earlier); persist it for OrderBook.restore. 0 if never open. */
  priority: number;
  /** The caller's time of the operation that made this change. */
  at: number;
}

/** One trade, always at the resting (maker) order's price. */
export interface TradeEvent {
  type: 'trade';
  /** The book's trade sequence: 1, 2, 3 … with no gaps. */
  seq: number;
  priceTicks: number;
  lots: number;
  /** The incoming order's side: `buy` means the buyer took a resting sell. */
  takerSide: Side;
  makerOrderId: number;
  takerOrderId: number;
  makerAccountId: number;
  takerAccountId: number;
  at: number;
}

/** A waiting stop whose trigger was reached; its trades and final update follow this event. */
export interface StopTriggeredEvent {
  type: 'stopTriggered';
  orderId: number;
  accountId: number;
  stopTicks: number;
  /** The trade price that reached the stop (the highest for a buy stop, the lowest for a sell). */
  triggerTicks: number;
  at: number;
}

/** Anything the engine reports; a settlement layer turns these into ledger postings in order. */
export type EngineEvent = OrderUpdate | TradeEvent | StopTriggeredEvent;
