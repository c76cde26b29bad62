/** The spot matching engine: pure, in-memory order books (no I/O, no clock, no database). */
export { type BookLimits, checkLimits } from './BookLimits.ts';
export { createBooks } from './createBooks.ts';
export type {
  EngineEvent,
  OrderReason,
  OrderStatus,
  OrderUpdate,
  StopTriggeredEvent,
  TradeEvent,
} from './EngineEvent.ts';
export { type Hold, holdFor } from './holdFor.ts';
export type { OpenOrderRecord } from './OpenOrderRecord.ts';
export {
  type BookState,
  type CancelAllResult,
  type CancelResult,
  type Depth,
  type DepthLevel,
  OrderBook,
  type OrderBookOptions,
  type PlaceResult,
} from './OrderBook.ts';
export {
  DEFAULT_SELF_TRADE,
  type LimitRequest,
  type MarketRequest,
  type OrderRequest,
  type OrderType,
  type SelfTradeMode,
  type Side,
  type StopLimitRequest,
  type StopMarketRequest,
  type TimeInForce,
} from './OrderRequest.ts';
