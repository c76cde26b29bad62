/** Exact decimal strings as scaled BigInts: the only place markets maths reads or writes text. */

/** A decimal written as `units × 10^-decimals`, e.g. "65000.01" is 6500001 at 2 decimals. */
export interface ScaledDecimal {
  units: bigint;
  decimals: number;
}

/** At most this many digits before the point: 20, as numeric(38, 18) allows in the ledger. */
export const MAX_INTEGER_DIGITS = 20;

/** At most this many digits after the point: 18, as numeric(38, 18) allows in the ledger. */
export const MAX_FRACTION_DIGITS = 18;

// Plain digits with an optional fraction: no sign, exponent, spaces, separators or bare points.
const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/** Why a string is not a decimal we accept: its shape, or more digits than the bounds allow. */
export type DecimalProblem = 'format' | 'digits';

/** Parses a plain decimal string exactly; a problem name when it is malformed or too long. */
export function parseDecimal(text: string): ScaledDecimal | DecimalProblem {
  // Bound the length before the pattern runs, so a huge input costs nothing.
  if (text.length > MAX_INTEGER_DIGITS + MAX_FRACTION_DIGITS + 1) {
    return DECIMAL_PATTERN.test(text.slice(0, 64)) ? 'digits' : 'format';
  }
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return 'format';
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole.replace(/^0+(?=\d)/, '').length > MAX_INTEGER_DIGITS) return 'digits';
  if (fraction.length > MAX_FRACTION_DIGITS) return 'digits';
  return { units: BigInt(whole + fraction), decimals: fraction.length };
}

/** `units × 10^-decimals` as a plain decimal string without trailing zeros ("0.5", "12", "0"). */
export function formatDecimal(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The same value at a larger number of decimals (scaling down would lose digits, so it is not offered). */
export function rescale(value: ScaledDecimal, decimals: number): bigint {
  if (decimals < value.decimals) throw new RangeError('rescale only adds decimals');
  const shift = decimals - value.decimals;
  return value.units * (POWERS_OF_TEN[shift] ?? 10n ** BigInt(shift));
}

/** 10^0 … 10^40, made once: a BigInt power costs more than the product it scales. */
const POWERS_OF_TEN: readonly bigint[] = Array.from({ length: 41 }, (_, n) => 10n ** BigInt(n));

/** The value with trailing fraction zeros dropped, so "0.0100" has 2 decimals, not 4. */
export function normalise(value: ScaledDecimal): ScaledDecimal {
  let { units, decimals } = value;
  while (decimals > 0 && units % 10n === 0n) {
    units /= 10n;
    decimals--;
  }
  return { units, decimals };
}

/** The exact sum of two plain decimal strings, without trailing zeros ("0.1" + "0.25" is "0.35"). */
export function addDecimals(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (typeof x === 'string' || typeof y === 'string') throw new RangeError('sum of a non-decimal');
  const decimals = Math.max(x.decimals, y.decimals);
  return formatDecimal(rescale(x, decimals) + rescale(y, decimals), decimals);
}
