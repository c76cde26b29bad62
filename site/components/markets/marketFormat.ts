/**
 * Exact text for market figures: prices at the pair's tick, changes with their sign, volumes in
 * USDT with 2 decimals, all with thousands separators. The wire's decimal strings are reshaped as
 * text (BigInt where rounding is needed), never through a float.
 */
import { type PairSymbol, parseDecimal, priceDecimals, rescale } from '../../../core/index.ts';

/** What an absent figure (a pair that has not traded yet) shows. */
export const NO_VALUE = '—';

/** A signed decimal string ("-1.25") as `units × 10^-decimals`, or null when malformed. */
export function parseSigned(text: string): { units: bigint; decimals: number } | null {
  const negative = text.startsWith('-');
  const value = parseDecimal(negative || text.startsWith('+') ? text.slice(1) : text);
  if (typeof value === 'string') return null;
  return { units: negative ? -value.units : value.units, decimals: value.decimals };
}

/** `-1`, `0` or `1` as `a` is below, equal to or above `b`, exactly (malformed counts as 0). */
export function compareDecimals(a: string, b: string): number {
  const x = parseSigned(a) ?? { units: 0n, decimals: 0 };
  const y = parseSigned(b) ?? { units: 0n, decimals: 0 };
  const decimals = Math.max(x.decimals, y.decimals);
  const difference = scaleTo(x, decimals) - scaleTo(y, decimals);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

function scaleTo(value: { units: bigint; decimals: number }, decimals: number): bigint {
  const negative = value.units < 0n;
  const scaled = rescale(
    { units: negative ? -value.units : value.units, decimals: value.decimals },
    decimals,
  );
  return negative ? -scaled : scaled;
}

/** `text` with exactly `decimals` fraction digits, rounded half away from zero, grouped. */
export function fixedDecimal(text: string, decimals: number): string | null {
  const value = parseSigned(text);
  if (value === null) return null;
  const negative = value.units < 0n;
  let units = negative ? -value.units : value.units;
  if (value.decimals > decimals) {
    const divisor = 10n ** BigInt(value.decimals - decimals);
    units = (units + divisor / 2n) / divisor;
  } else {
    units *= 10n ** BigInt(decimals - value.decimals);
  }
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = negative && units !== 0n ? '-' : '';
  return `${sign}${grouped}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** A price of `pair` at its tick's decimals ("97,250.00"), or the dash when there is none. */
export function formatPrice(pair: PairSymbol, price: string | null): string {
  if (price === null) return NO_VALUE;
  return fixedDecimal(price, priceDecimals(pair)) ?? NO_VALUE;
}

/** A USDT volume with 2 decimals ("1,234,567.89"). */
export function formatVolume(volume: string): string {
  return fixedDecimal(volume, 2) ?? NO_VALUE;
}

/** Which way a 24 h change went. */
export type Trend = 'up' | 'down' | 'flat';

/** The direction of a change in percent ("-1.25"); flat when absent or zero. */
export function trendOf(change: string | null): Trend {
  if (change === null) return 'flat';
  const sign = compareDecimals(change, '0');
  return sign > 0 ? 'up' : sign < 0 ? 'down' : 'flat';
}

/** A change in percent with its sign, so it reads without colour: "+1.25%", "-0.40%", "0.00%". */
export function formatChange(change: string | null): string {
  if (change === null) return NO_VALUE;
  const text = fixedDecimal(change, 2);
  if (text === null) return NO_VALUE;
  return `${trendOf(change) === 'up' ? '+' : ''}${text}%`;
}
