/**
 * Swap: exchanging any two of the nine currencies at a firm quote. A quote is priced from the
 * live order books (through USDT when neither side is USDT) and holds for `SWAP_QUOTE_SECONDS`;
 * accepting it fills exactly what it says, or is refused with a fresh quote to ask again.
 * Amounts travel as exact decimal strings.
 */
import type { Ticker } from './common.ts';

/** How long a quote stays firm, in seconds. */
export const SWAP_QUOTE_SECONDS = 10;

/** One order of a swap's route: selling the source for USDT, or buying the target with it. */
export interface SwapLeg {
  /** The pair traded, e.g. "BTC_USDT". */
  pair: string;
  side: 'buy' | 'sell';
  /** The base amount the leg trades. */
  amount: string;
  /** The worst price it may fill at (the limit of its order), in USDT. */
  limitPrice: string;
  /** The average price it fills at against the book as quoted, in USDT. */
  averagePrice: string;
  /** The taker fee it pays, in what it receives. */
  fee: string;
  feeTicker: Ticker;
}

/** What a swap spends and delivers: as quoted (at least this), or as it filled. */
export interface SwapAmounts {
  id: number;
  from: Ticker;
  to: Ticker;
  /** What it spends of `from` (a quote's at most: a cheaper fill from USDT spends less). */
  amount: string;
  /** What it delivers of `to`, fees deducted. */
  received: string;
  /** USDT the route could not spend on whole lots of `to`, left in the USDT balance, or "0". */
  remainder: string;
}

/** A firm price for swapping `amount` of `from` into `to`: it delivers this, or more. */
export interface SwapQuote extends SwapAmounts {
  /** `to` received per unit of `from`, fees included. */
  rate: string;
  /** The route's currencies in order: [from, to] or [from, "USDT", to]. */
  route: Ticker[];
  legs: SwapLeg[];
  /** How much worse the fill is than the best prices alone would give, in percent ("0.12"). */
  priceImpact: string;
  /** ISO time the quote stops being firm. */
  expiresAt: string;
}

/** A swap as its owner's history shows it. */
export interface Swap extends SwapAmounts {
  createdAt: string;
}

/** What `swap.quote` takes: the amount of `from` to spend. */
export interface SwapQuoteParams {
  from: Ticker;
  to: Ticker;
  amount: string;
}

/** The swap methods, joined into the protocol's method map. */
export interface SwapMethods {
  /** A firm quote from the live books; refused when the books cannot fill it. */
  'swap.quote': { params: SwapQuoteParams; result: { quote: SwapQuote } };
  /**
   * Fills a quote once (a retry answers the same swap). Refused when it has expired or the books
   * would now give less; the refusal then carries a fresh `quote` to ask again with.
   */
  'swap.accept': {
    params: { quoteId: number };
    result: { swap: Swap };
    refusal: { quote: SwapQuote };
  };
  /** The caller's swaps, newest first, `before` an id for the next page. */
  'swap.getMine': {
    params: { limit?: number; before?: number };
    result: { swaps: Swap[] };
  };
}
