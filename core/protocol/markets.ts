/** Spot trading: pairs, orders, the book, trades and candles. */
import type { Asset, QUOTE, Ticker } from './common.ts';

/** A spot pair's symbol: an asset, an underscore, USDT (`BTC_USDT`). */
export type PairSymbol = `${Asset}_${typeof QUOTE}`;

/** Which way an order trades the base asset. */
export type OrderSide = 'buy' | 'sell';

/** The spot order types. */
export type OrderType = 'limit' | 'market' | 'stopLimit' | 'stopMarket';

/** How long a limit order may wait: until cancelled, not at all, or all-or-nothing at once. */
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/** What happens when an order would trade with an order of the same account. */
export type SelfTradeMode = 'none' | 'expireTaker' | 'expireMaker' | 'expireBoth';

/** Where an order stands. */
export type OrderStatus = 'new' | 'partiallyFilled' | 'filled' | 'cancelled' | 'expired';

/** A spot order as the API shows it; prices and amounts are decimal strings. */
export interface SpotOrder {
  id: number;
  pair: PairSymbol;
  side: OrderSide;
  type: OrderType;
  /** The limit price (limit and stop-limit orders), else null. */
  price: string | null;
  /** The stop price (stop orders), else null. */
  stopPrice: string | null;
  /** The amount of the base asked for, or null for a market buy given by total. */
  amount: string | null;
  /** The USDT a market buy may spend, when given. */
  total: string | null;
  /** The amount of the base traded so far. */
  filled: string;
  /** The USDT value traded so far. */
  filledTotal: string;
  /**
   * The mean price of the fills, `filledTotal / filled` computed from their integer values, to 4
   * more decimals than the pair's prices and cut (rounded toward zero); null before the first.
   */
  averagePrice: string | null;
  /** The fees the fills paid so far, exact, in `feeAsset`: "0" before the first fill. */
  fee: string;
  /** The currency the fee is paid in: what the order receives (the base for a buy, USDT for a sell). */
  feeAsset: Ticker;
  /** When the order last traded (ms since the epoch), or null before its first fill. */
  lastFillAt: number | null;
  timeInForce: TimeInForce;
  postOnly: boolean;
  selfTrade: SelfTradeMode;
  clientOrderId: string | null;
  status: OrderStatus;
  /** Why the order expired, in words, or null. */
  reason: string | null;
  /** Whether a stop order's stop price has been reached. */
  triggered: boolean;
  createdAt: string;
  updatedAt: string;
}

/** What orders.place takes: decimal strings for every price and amount. */
export interface PlaceOrderParams {
  pair: string;
  side: OrderSide;
  type: OrderType;
  price?: string;
  amount?: string;
  /** What a market buy spends, in USDT. */
  total?: string;
  stopPrice?: string;
  timeInForce?: TimeInForce;
  postOnly?: boolean;
  selfTrade?: SelfTradeMode;
  /**
   * Your own id for the order, 1 to 64 of A-Z a-z 0-9 - _ , remembered for good: placing it
   * again with the same parameters answers the order placed first (`replay: true`, nothing new
   * placed or held), whatever its state; with other parameters it is refused
   * (`order.clientOrderIdReused`).
   */
  clientOrderId?: string;
}

/**
 * A pair as markets.getItems lists it: every limit its orders must keep, its fees, its 24 h
 * ticker and the best bid and ask.
 */
export interface MarketSummary {
  pair: PairSymbol;
  base: Asset;
  quote: typeof QUOTE;
  /** Prices are whole multiples of it, from it (`minPrice`) to `maxPrice`. */
  tickSize: string;
  /** Amounts are whole multiples of it, from it (`minAmount`) to `maxAmount`. */
  lotSize: string;
  /** Decimals of a price: those of the tick size. */
  priceDecimals: number;
  /** Decimals of an amount: those of the lot size. */
  amountDecimals: number;
  minPrice: string;
  maxPrice: string;
  minAmount: string;
  maxAmount: string;
  /** The smallest value (price × amount, or a market buy's total) an order may have, in USDT. */
  minValue: string;
  /** The largest total a market buy may give, in USDT (`maxPrice × maxAmount`). */
  maxTotal: string;
  /** Fee rates as fractions of what each side receives ("0.001" is 0.1 %). */
  makerFee: string;
  takerFee: string;
  /** The last trade's price, or null before the first trade. */
  last: string | null;
  /** Change of the last price over 24 h, in percent with 2 decimals ("-1.25"), or null. */
  change: string | null;
  high: string | null;
  low: string | null;
  /** Base traded in 24 h. */
  baseVolume: string;
  /** USDT traded in 24 h. */
  quoteVolume: string;
  /** The best bid's price and the amount resting there, or null when no one bids. */
  bid: string | null;
  bidAmount: string | null;
  /** The best ask's price and the amount resting there, or null when no one asks. */
  ask: string | null;
  askAmount: string | null;
  /** When the server read these figures (ms since the epoch). */
  timestamp: number;
}

/** One price of the book: the amount resting there and how many orders hold it. */
export interface BookLevel {
  price: string;
  amount: string;
  orders: number;
}

/** The book's top levels, best first, with the sequence number diffs continue from. */
export interface BookDepth {
  pair: PairSymbol;
  bids: BookLevel[];
  asks: BookLevel[];
  sequence: number;
  /**
   * When the server read the book (ms since the epoch): the levels are its state then (on a
   * server that forwards orders, its copy of the books, as of the last batch it has taken).
   */
  timestamp: number;
}

/** A public trade. */
export interface PublicTrade {
  id: number;
  price: string;
  amount: string;
  /** The incoming order's side: `buy` means a buyer took a resting sell. */
  takerSide: OrderSide;
  time: string;
}

/** Candle intervals. */
export type CandleInterval = '1m' | '5m' | '15m' | '1h' | '4h' | '1d';

/** One candle; `time` is its start in ms since the epoch. */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  baseVolume: string;
  quoteVolume: string;
}

/** One of the caller's own fills. */
export interface OwnTrade {
  id: number;
  pair: PairSymbol;
  orderId: number;
  side: OrderSide;
  role: 'maker' | 'taker';
  price: string;
  amount: string;
  total: string;
  fee: string;
  /** The currency the fee was paid in: what the side received. */
  feeTicker: Ticker;
  time: string;
}

/** The markets' public data, placing and cancelling orders, and the account's fills. */
export interface MarketMethods {
  /** Every pair's limits, fees and 24 h ticker with the best bid and ask, read at `timestamp`. */
  'markets.getItems': { params: Record<string, never>; result: { items: MarketSummary[] } };
  /** The book's top `depth` levels a side (default 50, at most 500), read at `timestamp`. */
  'markets.getBook': { params: { pair: string; depth?: number }; result: { book: BookDepth } };
  /**
   * The latest trades, newest first (default 50, at most 500); with `since` (ms, inclusive), the
   * trades from then on, oldest first, to page forward.
   */
  'markets.getTrades': {
    params: { pair: string; limit?: number; since?: number };
    result: { trades: PublicTrade[] };
  };
  /**
   * Candles from `from` to `to` (ms), oldest first, the current one included: the first `limit`
   * (at most and by default 1,000) from `from`, or without `from` the last `limit` intervals up to
   * `to`. Intervals without a trade are left out.
   */
  'markets.getCandles': {
    params: { pair: string; interval: CandleInterval; from?: number; to?: number; limit?: number };
    result: { candles: Candle[] };
  };
  /** A single-use ticket that opens the market socket with the caller's `account` stream. */
  'markets.getSocketTicket': { params: Record<string, never>; result: { ticket: string } };
  /**
   * Places an order; it is stored, with its fills and their ledger entries, before the answer.
   * `replay` is true when a client order id placed before answered its order (see clientOrderId).
   */
  'orders.place': { params: PlaceOrderParams; result: { order: SpotOrder; replay: boolean } };
  /**
   * Cancels one open order of the caller, by `id` or `clientOrderId`: `order.notFound` when the
   * caller has no such order, `order.closed` when it filled, was cancelled or expired.
   */
  'orders.cancel': {
    params: { id?: number; clientOrderId?: string };
    result: { order: SpotOrder };
  };
  /** One order of the caller in whatever state, by `id` or `clientOrderId`; else `order.notFound`. */
  'orders.get': {
    params: { id?: number; clientOrderId?: string };
    result: { order: SpotOrder };
  };
  /** Cancels every open order of the caller, of one pair or everywhere. */
  'orders.cancelAll': { params: { pair?: string }; result: { orders: SpotOrder[] } };
  /** The caller's open orders, oldest first. */
  'orders.getOpen': { params: { pair?: string }; result: { orders: SpotOrder[] } };
  /**
   * The caller's orders in any state, newest first with `before` an id for the next page; with
   * `since` (ms, inclusive), those placed from then on, oldest first, to page forward.
   */
  'orders.getHistory': {
    params: { pair?: string; limit?: number; before?: number; since?: number };
    result: { orders: SpotOrder[] };
  };
  /**
   * The caller's fills, newest first with `before` an id for the next page; with `since` (ms,
   * inclusive), those from then on, oldest first, to page forward.
   */
  'trades.getMine': {
    params: { pair?: string; limit?: number; before?: number; since?: number };
    result: { trades: OwnTrade[] };
  };
}
