/** A fraction as the percentage people read. */

import { formatDecimal } from '../markets/decimal.ts';
import { scaledOf } from './decimalText.ts';

/** A fraction given as an exact decimal string ("0.035") as a percentage ("3.5 %"). */
export function formatShare(fraction: string): string {
  const value = scaledOf(fraction);
  if (value === null) return fraction;
  // Moving the point two places right is exact on the integer; no float is involved.
  const percent =
    value.decimals >= 2
      ? formatDecimal(value.units, value.decimals - 2)
      : formatDecimal(value.units * 10n ** BigInt(2 - value.decimals), 0);
  return `${percent} %`;
}
