/** What a caller asks the engine to do: the four order types and their options. */

/** Which way an order trades the base asset. */
export type Side = 'buy' | 'sell';

/** How long a limit order may wait: until cancelled, not at all, or all-or-nothing at once. */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/**
 * What happens when an order would trade with a resting order of the same account (the incoming
 * order's mode decides): trade anyway, expire the incoming order, expire the resting one and go
 * on, or expire both.
 */
export type SelfTradeMode = 'none' | 'expireTaker' | 'expireMaker' | 'expireBoth';

/** The self-trade mode of an order that names none: expire the incoming order, as Binance does. */
export const DEFAULT_SELF_TRADE: SelfTradeMode = 'expireTaker';

/** What every order carries. Ids and times come from the caller, so replays are deterministic. */
interface OrderBase {
  /** Unique among the book's open orders; a positive safe integer (a database id). */
  id: number;
  /** The account the order belongs to; a positive safe integer. */
  accountId: number;
  side: Side;
  /** The caller's clock (ms since the epoch): stamped on the order's updates and its trades. */
  at: number;
  /** Makes placing idempotent per account: see OrderBook.place. 1 to 64 characters. */
  clientOrderId?: string;
  /** Defaults to DEFAULT_SELF_TRADE. */
  selfTrade?: SelfTradeMode;
}

/** Buy at most / sell at least `priceTicks`; GTC rests what does not trade at once. */
export interface LimitRequest extends OrderBase {
  type: 'limit';
  priceTicks: number;
  lots: number;
  /** Defaults to GTC. */
  timeInForce?: TimeInForce;
  /** Only rests, never takes: rejected if it would trade at once (GTC only). */
  postOnly?: boolean;
}

/**
 * Trades at once against the book and expires what is left (IOC). A sell gives `lots`; a buy gives
 * `lots`, or `total` (notional units, ticks × lots, to spend), or both (whichever is reached first).
 */
export interface MarketRequest extends OrderBase {
  type: 'market';
  lots?: number;
  total?: number;
}

/** A limit order that waits until a trade reaches `stopTicks` (buy: at or above; sell: at or below). */
export interface StopLimitRequest extends Omit<LimitRequest, 'type'> {
  type: 'stopLimit';
  stopTicks: number;
}

/** A market order that waits until a trade reaches `stopTicks` (buy: at or above; sell: at or below). */
export interface StopMarketRequest extends Omit<MarketRequest, 'type'> {
  type: 'stopMarket';
  stopTicks: number;
}

/** Any order the engine accepts. */
export type OrderRequest = LimitRequest | MarketRequest | StopLimitRequest | StopMarketRequest;

/** The kinds of order, as named by `OrderRequest['type']`. */
export type OrderType = OrderRequest['type'];
