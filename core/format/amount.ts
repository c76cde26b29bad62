/** Crypto amounts on screen: at most their asset's decimals, no trailing zeros, grouped. */
import { trimmedDecimal } from './decimalText.ts';

/**
 * An exact amount ("12345.6780") as "12,345.678": at most `maxDecimals` decimals, cut, never
 * rounded up (a balance never shows more than it is). Text that is not a decimal shows as it is.
 */
export function formatAmount(amount: string | number, maxDecimals = 18): string {
  return trimmedDecimal(amount, maxDecimals) ?? String(amount);
}
