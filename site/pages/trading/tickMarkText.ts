/**
 * The chart's time-axis labels, written from the time's own fields: the library's default builds
 * an Intl formatter (toLocaleString) for every label, which was the largest part of the chart's
 * first drawing on a phone's CPU. The labels read as the default's do in English: the library
 * draws times in UTC, so the fields are the UTC ones.
 */
import { TickMarkType, type Time } from 'lightweight-charts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The label of a tick mark at `time` (seconds since the epoch); null leaves it to the library. */
export function tickMarkText(time: Time, type: TickMarkType): string | null {
  if (typeof time !== 'number') return null;
  const date = new Date(time * 1000);
  const clock = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
  switch (type) {
    case TickMarkType.Year:
      return String(date.getUTCFullYear());
    case TickMarkType.Month:
      return MONTHS[date.getUTCMonth()] ?? null;
    case TickMarkType.DayOfMonth:
      return String(date.getUTCDate());
    case TickMarkType.Time:
      return clock;
    case TickMarkType.TimeWithSeconds:
      return `${clock}:${pad(date.getUTCSeconds())}`;
    default:
      return null;
  }
}
