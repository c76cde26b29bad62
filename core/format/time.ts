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

// Made once, on first use: toLocaleTimeString builds a new formatter on every call, which a list
// of trades redrawn on a phone's CPU can feel; and building it loads the locale's and time zone's
// data, tens of milliseconds on a phone that a page showing no time should not pay at start.
// These are the fields toLocaleTimeString shows.
let timeOfDay: Intl.DateTimeFormat | undefined;

/** A time of day ("14:03:27") in the visitor's zone; text that is no time shows as it is. */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  timeOfDay ??= new Intl.DateTimeFormat('en-GB', {
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hour12: false,
  });
  return timeOfDay.format(time);
}

/** A date and time ("2026-11-23 14:03") in the visitor's zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A time as the visitor's browser writes local dates and times; text that is no time shows as it is. */
export function formatLocalDateTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toLocaleString();
}
