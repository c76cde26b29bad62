/**
 * A pair's figures: prices at the pair's tick, amounts of its base at the lot's decimals, and
 * 24 h changes with their sign, so a change reads without colour.
 */
import { PAIRS, type PairSymbol, priceDecimals } from '../markets/pairs.ts';
import { compareDecimals, fixedDecimal, trimmedDecimal } from './decimalText.ts';
import { NO_VALUE } from './noValue.ts';

/** A price of `pair` at its tick's decimals ("97,250.00"), or the dash when there is none. */
export function formatPrice(pair: PairSymbol, price: string | null): string {
  if (price === null) return NO_VALUE;
  return fixedDecimal(price, priceDecimals(pair)) ?? NO_VALUE;
}

/** An amount of the pair's base at the lot's precision, trailing zeros dropped ("0.0125"). */
export function formatPairAmount(pair: PairSymbol, amount: string | null): string {
  if (amount === null) return NO_VALUE;
  return trimmedDecimal(amount, PAIRS[pair].amountDecimals) ?? NO_VALUE;
}

/** Which way a 24 h change went. */
export type Trend = 'up' | 'down' | 'flat';

/** The direction of a change in percent ("-1.25"); flat when absent or zero. */
export function trendOf(change: string | null): Trend {
  if (change === null) return 'flat';
  const sign = compareDecimals(change, '0');
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

/** A change in percent with its sign: "+1.25%", "-0.40%", "0.00%", or the dash when absent. */
export function formatChange(change: string | null): string {
  if (change === null) return NO_VALUE;
  const text = fixedDecimal(change, 2);
  if (text === null) return NO_VALUE;
  return `${trendOf(change) === 'up' ? '+' : ''}${text}%`;
}
