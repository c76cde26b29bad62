/**
 * Decimal text as people read it: rounded or cut to a number of fraction digits, the whole part
 * grouped by thousands. Values arrive as exact decimal strings (or, for the few figures the wire
 * still sends as numbers, as their shortest decimal text), so no digit is lost to a float.
 */
import type { ScaledDecimal } from '../markets/decimal.ts';

// A sign, digits and an optional fraction. No bound on the digits: display is not the ledger,
// and BigInt holds any length (the length cap only keeps a garbage string cheap).
const SIGNED_DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;
const MAX_TEXT_LENGTH = 200;

// Made on first use, so importing this module costs a bundle nothing it does not call.
let numberText: Intl.NumberFormat | undefined;

/** The shortest text that reads back as the same double: 0.1 is "0.1", 1e21 is 22 digits. */
function textOfNumber(value: number): string {
  numberText ??= new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  return numberText.format(value);
}

/** A signed decimal string, or a finite number, as `units × 10^-decimals`; null for anything else. */
export function scaledOf(value: string | number): ScaledDecimal | null {
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = typeof value === 'number' ? textOfNumber(value) : value.trim();
  if (text.length > MAX_TEXT_LENGTH) return null;
  const match = SIGNED_DECIMAL.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  return { units: sign === '-' ? -units : units, decimals: fraction.length };
}

/** Whole digits grouped by thousands: "1234567" is "1,234,567". */
export function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A non-negative scaled value as grouped text with exactly `decimals` fraction digits. */
function writeDigits(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0');
  const whole = groupThousands(digits.slice(0, digits.length - decimals));
  return decimals > 0 ? `${whole}.${digits.slice(digits.length - decimals)}` : whole;
}

/** `value` at `decimals` fraction digits: rounded half away from zero, or cut toward zero. */
function toDecimals(value: ScaledDecimal, decimals: number, mode: 'round' | 'cut'): bigint {
  const size = value.units < 0n ? -value.units : value.units;
  if (value.decimals <= decimals) return size * 10n ** BigInt(decimals - value.decimals);
  const divisor = 10n ** BigInt(value.decimals - decimals);
  return mode === 'round' ? (size + divisor / 2n) / divisor : size / divisor;
}

/** The value with exactly `decimals` fraction digits, rounded half away from zero, grouped ("-1,234.50"). */
export function fixedDecimal(value: string | number, decimals: number): string | null {
  const scaled = scaledOf(value);
  if (scaled === null) return null;
  const units = toDecimals(scaled, decimals, 'round');
  // A value that rounds to zero shows no sign: "-0.001" at 2 decimals is "0.00".
  return `${scaled.units < 0n && units !== 0n ? '-' : ''}${writeDigits(units, decimals)}`;
}

/**
 * The value cut (never rounded up, so it never shows more than there is) to at most `decimals`
 * fraction digits, trailing zeros dropped, grouped ("1,234.5").
 */
export function trimmedDecimal(value: string | number, decimals: number): string | null {
  const scaled = scaledOf(value);
  if (scaled === null) return null;
  const units = toDecimals(scaled, decimals, 'cut');
  const text = writeDigits(units, decimals);
  const trimmed = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return `${scaled.units < 0n && units !== 0n ? '-' : ''}${trimmed}`;
}

/** `-1`, `0` or `1` as `a` is below, equal to or above `b`, exactly (a malformed value counts as 0). */
export function compareDecimals(a: string, b: string): number {
  const x = scaledOf(a) ?? { units: 0n, decimals: 0 };
  const y = scaledOf(b) ?? { units: 0n, decimals: 0 };
  const decimals = Math.max(x.decimals, y.decimals);
  const difference =
    x.units * 10n ** BigInt(decimals - x.decimals) - y.units * 10n ** BigInt(decimals - y.decimals);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}
