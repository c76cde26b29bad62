/** Times on screen: relative ages that refresh, a time of day and a short date and time. */

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

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A time of day ("14:03:27", 24-hour, as toLocaleTimeString('en-GB') writes it) in the visitor's
 * zone; text that is no time shows as it is. Written from the date's own fields, not through
 * Intl: building a formatter loads the locale's data, tens of milliseconds on a phone's CPU in
 * the middle of the trading page's first drawing.
 */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return `${pad(time.getHours())}:${pad(time.getMinutes())}:${pad(time.getSeconds())}`;
}

/** A date and time ("2026-11-23 14:03") in the visitor's zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A time as the visitor's browser writes local dates and times; text that is no time shows as it is. */
export function formatLocalDateTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toLocaleString();
}
