/**
 * Exact arithmetic on the decimal strings the order form works with (balances, prices, amounts,
 * fees): scaled BigInts from core's decimal parser, so 25 % of 0.3 BTC is 0.075, never
 * 0.07499999999999999.
 */
import { formatDecimal, normalise, parseDecimal, type ScaledDecimal } from '../../../core/index.ts';

/** A plain decimal string as a scaled integer, or null when it is not one. */
export function exact(text: string): ScaledDecimal | null {
  const value = parseDecimal(text);
  return typeof value === 'string' ? null : normalise(value);
}

/** `a × b`, exactly. */
export function times(a: ScaledDecimal, b: ScaledDecimal): ScaledDecimal {
  return normalise({ units: a.units * b.units, decimals: a.decimals + b.decimals });
}

/** `value` as an integer at `decimals`, rounded down (or up) when it has more. */
export function unitsAt(value: ScaledDecimal, decimals: number, round: 'down' | 'up'): bigint {
  if (value.decimals <= decimals) return value.units * 10n ** BigInt(decimals - value.decimals);
  const divisor = 10n ** BigInt(value.decimals - decimals);
  const floor = value.units / divisor;
  return round === 'up' && floor * divisor < value.units ? floor + 1n : floor;
}

/** `a / b` as an integer at `decimals`, rounded down; null when `b` is zero. */
export function divide(a: ScaledDecimal, b: ScaledDecimal, decimals: number): bigint | null {
  if (b.units === 0n) return null;
  return (a.units * 10n ** BigInt(b.decimals + decimals)) / (b.units * 10n ** BigInt(a.decimals));
}

/** `-1`, `0` or `1` as `a` is below, equal to or above `b`. */
export function compare(a: ScaledDecimal, b: ScaledDecimal): number {
  const decimals = Math.max(a.decimals, b.decimals);
  const x = unitsAt(a, decimals, 'down');
  const y = unitsAt(b, decimals, 'down');
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A scaled value as a plain decimal string without trailing zeros. */
export function text(value: ScaledDecimal): string {
  return formatDecimal(value.units, value.decimals);
}

/** `units` (an integer at `decimals`) rounded down to a whole multiple of `step` units. */
export function floorTo(units: bigint, step: bigint): bigint {
  return (units / step) * step;
}
