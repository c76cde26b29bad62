/**
 * Figures on the trading page: prices at the pair's tick and changes through the markets list's
 * formatter (one look everywhere), amounts at their own precision without trailing zeros, all
 * with thousands separators. Text in, text out: no float touches a figure.
 */
import { PAIRS, type PairSymbol } from '../../../core/index.ts';
import { fixedDecimal, NO_VALUE } from '../../components/markets/marketFormat.ts';

export {
  formatChange,
  formatPrice,
  formatVolume,
  NO_VALUE,
  trendOf,
} from '../../components/markets/marketFormat.ts';

/** A plain decimal string with its whole part grouped ("12345.5" → "12,345.5"). */
export function grouped(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? digits : `${digits}.${fraction}`;
}

/** An amount of the pair's base at the lot's precision, trailing zeros dropped ("0.0125"). */
export function formatAmount(pair: PairSymbol, amount: string | null): string {
  if (amount === null) return NO_VALUE;
  const fixed = fixedDecimal(amount, PAIRS[pair].amountDecimals);
  if (fixed === null) return NO_VALUE;
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/** A USDT value with 2 decimals, "< 0.01" below a cent but above zero. */
export function formatQuote(value: string | null): string {
  if (value === null) return NO_VALUE;
  const fixed = fixedDecimal(value, 2);
  if (fixed === null) return NO_VALUE;
  if (fixed === '0.00' && /[1-9]/.test(value)) return '< 0.01';
  return fixed;
}

/** A time of day ("14:03:27") in the visitor's zone. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour12: false });
}

/** A date and time ("2026-11-23 14:03"). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
