/** Whole counts (visitors, views) in the reader's locale. */

/** A count with the locale's digit grouping ("12,345" in English, "12.345" in German). */
export function formatCount(count: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(count);
}
