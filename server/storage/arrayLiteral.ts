/**
 * Arrays as PostgreSQL array literals, for the values a statement is bound with. node-postgres
 * turns an array parameter into text itself, but wraps every element in two regular-expression
 * replacements and formats every date afresh: a market batch binds a few dozen arrays of one
 * element per order, and that was a sixth of the server's allocations under order load. This
 * writes the same literal (PostgreSQL reads both the same) with far less garbage: numbers and
 * booleans as they are, strings quoted and escaped only when they hold a quote or a backslash,
 * and each date formatted once while the next ones are the same instant (a batch stamps its rows
 * with one time).
 */
import pg from 'pg';

/** node-postgres's conversion of one value (its `utils`, which its types leave out). */
const { prepareValue } = (
  pg as unknown as { utils: { prepareValue(value: unknown): string | Buffer | null } }
).utils;

/** A quote or a backslash: the only characters a quoted array element must escape. */
const NEEDS_ESCAPE = /["\\]/;

/** The last date formatted, by its time, and its text: a batch's rows share one time. */
let lastTime = Number.NaN;
let lastDate = '';

/** `value` quoted as an array element, its quotes and backslashes escaped. */
function quoted(value: string): string {
  return NEEDS_ESCAPE.test(value)
    ? `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
    : `"${value}"`;
}

/** A date as node-postgres writes it (local time with its offset), formatted once per instant. */
function dateText(date: Date): string {
  const time = date.getTime();
  if (time !== lastTime || Number.isNaN(time)) {
    lastDate = String(prepareValue(date));
    lastTime = time;
  }
  return lastDate;
}

/** One element of an array literal. */
function element(item: unknown): string {
  if (item === null || item === undefined) return 'NULL';
  switch (typeof item) {
    case 'number':
    case 'bigint':
    case 'boolean':
      // Digits, a sign, a point, an exponent, NaN, Infinity, true, false: nothing to quote.
      return String(item);
    case 'string':
      return quoted(item);
    default:
      if (Array.isArray(item)) return arrayLiteral(item);
      if (item instanceof Date) return quoted(dateText(item));
      if (ArrayBuffer.isView(item)) {
        const bytes = Buffer.from(item.buffer, item.byteOffset, item.byteLength);
        return `\\\\x${bytes.toString('hex')}`;
      }
      return quoted(String(prepareValue(item)));
  }
}

/** `values` as a PostgreSQL array literal, `{1,"two",NULL}`; nested arrays nest. */
export function arrayLiteral(values: readonly unknown[]): string {
  const parts = new Array<string>(values.length);
  for (let index = 0; index < values.length; index++) parts[index] = element(values[index]);
  return `{${parts.join(',')}}`;
}

/** A statement's values with each array written as its literal; other values left as they are. */
export function boundValues(values: readonly unknown[]): unknown[] {
  const bound = new Array<unknown>(values.length);
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    bound[index] = Array.isArray(value) ? arrayLiteral(value) : value;
  }
  return bound;
}
