/** A time as messages give it: "2026-11-23 15:51 UTC", rounded up so it is never too early. */
export function utcMinute(date: Date): string {
  const minute = 60_000;
  const up = new Date(Math.ceil(date.getTime() / minute) * minute);
  return `${up.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
