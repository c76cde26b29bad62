/**
 * US dollars on screen. The account balance shows 4 fraction digits (or, adaptive, 4 below $1
 * and 2 from $1 up); every other dollar or USDT value shows 2, and a positive value under a cent
 * reads "< $0.01" rather than a misleading "$0.00".
 */
import { fixedDecimal, scaledOf } from './decimalText.ts';
import { NO_VALUE } from './noValue.ts';

/** A grouped decimal ("-1,234.50") as dollars, the sign before the symbol ("-$1,234.50"). */
function dollars(text: string): string {
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** Whether a value is above zero but under one cent. */
function underACent(value: string | number): boolean {
  const scaled = scaledOf(value);
  if (scaled === null || scaled.units <= 0n) return false;
  return scaled.decimals > 2 && scaled.units < 10n ** BigInt(scaled.decimals - 2);
}

/**
 * The account balance in USD: 4 fraction digits by default; with `adaptive`, 4 below $1 and 2
 * from $1 up ("$0.5000", "$1,234.50").
 */
export function formatUsd(value: string | number, options: { adaptive?: boolean } = {}): string {
  const scaled = scaledOf(value);
  if (scaled === null) return String(value);
  const atLeastOne =
    (scaled.units < 0n ? -scaled.units : scaled.units) >= 10n ** BigInt(scaled.decimals);
  const digits = options.adaptive && atLeastOne ? 2 : 4;
  return dollars(fixedDecimal(value, digits) ?? String(value));
}

/** Any other USD value: 2 decimals, grouped ("$1,234.57"), and "< $0.01" under a cent. */
export function formatUsdValue(value: string | number): string {
  if (underACent(value)) return '< $0.01';
  const text = fixedDecimal(value, 2);
  return text === null ? String(value) : dollars(text);
}

/**
 * A USDT value beside its ticker (a fill's total, a day's volume): the dollar rule without the
 * symbol ("1,234.57", "< 0.01"), or the dash when there is none.
 */
export function formatUsdtValue(value: string | null): string {
  if (value === null) return NO_VALUE;
  if (underACent(value)) return '< 0.01';
  return fixedDecimal(value, 2) ?? NO_VALUE;
}
