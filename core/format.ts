/** Display formatting: the site name, the USD balance and relative times. */

/**
 * Formats a USD balance: 4 fraction digits by default; with `adaptive`, 4 below 1 and 2
 * from 1 up.
 */
export function formatUsd(value: number, options: { adaptive?: boolean } = {}): string {
  const digits = options.adaptive && Math.abs(value) >= 1 ? 2 : 4;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/**
 * Formats a USD value given as an exact decimal string (a sum of earnings, a total): 2 decimals
 * with thousands separators, and "< $0.01" for a value above zero that would show as $0.00.
 */
export function formatUsdValue(value: string): string {
  const amount = Number(value);
  if (amount > 0 && amount < 0.01) return '< $0.01';
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** A fraction as an exact decimal string ("0.2") as the percentage people read ("20 %"). */
export function formatShare(fraction: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(fraction);
  if (!match) return fraction;
  const [, whole = '0', decimals = ''] = match;
  // Moving the point two places right is exact on the text; no float is involved.
  const digits = `${whole}${decimals.padEnd(2, '0')}`;
  const point = whole.length + 2;
  const percent = `${digits.slice(0, point)}.${digits.slice(point)}`
    .replace(/^0+(?=\d)/, '')
    .replace(/\.?0*$/, '');
  return `${percent} %`;
}

/** How often a relative-time label is refreshed. */
export const RELATIVE_TIME_REFRESH_MS = 1200;

const UNITS = [
  { limit: 60, size: 1, name: 'sec' },
  { limit: 3600, size: 60, name: 'min' },
  { limit: 86400, size: 3600, name: 'hour' },
  { limit: Number.POSITIVE_INFINITY, size: 86400, name: 'day' },
] as const;

/** The relative label for an age in seconds: 'Just now', '5 secs ago', '1 hour ago'. */
export function relativeTime(ageSeconds: number): string {
  if (!(ageSeconds > 0)) return 'Just now';
  const unit = UNITS.find((candidate) => ageSeconds < candidate.limit) ?? UNITS[3];
  const count = Math.floor(ageSeconds / unit.size);
  return `${count} ${unit.name}${count === 1 ? '' : 's'} ago`;
}

/** The relative label for a timestamp, as of `now`. */
export function relativeTimeSince(date: string | Date, now: number = Date.now()): string {
  return relativeTime((now - new Date(date).getTime()) / 1000);
}

/** The name the site goes by where neither SITE_NAME nor its host gives one. */
export const DEFAULT_SITE_NAME = 'Exchange';

/** The site name shown: the host's first label with its first letter capitalised. */
export function siteName(host: string): string {
  const bare = host.replace(/^\[|\]$/g, '');
  // "Localhost" or "127" is no name: a local or IP address keeps the default one.
  if (bare === 'localhost' || /^[\d.]+$/.test(bare) || bare.includes(':')) return DEFAULT_SITE_NAME;
  const label = host.split('.')[0] ?? '';
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/**
 * Formats an exact decimal amount ("12345.6780") for display: thousands separators, no trailing
 * zeros, at most `maxDecimals` decimals (cut, never rounded up: a balance never shows more than
 * it is). Works on the text, so no digit is lost to a float.
 */
export function formatAmount(amount: string, maxDecimals = 18): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, maxDecimals).replace(/0+$/, '');
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${kept ? `.${kept}` : ''}`;
}
