/**
 * The account history as CSV (RFC 4180: comma separated, CRLF lines, fields quoted when they hold
 * a comma, quote or line break). Text that came from people (reasons, notes, usernames) is kept
 * from starting a spreadsheet formula (OWASP "CSV Injection"); amounts are left as numbers.
 */
import type { HistoryEntry } from '../../../core/index.ts';

/** The header row, in column order. */
export const HISTORY_CSV_COLUMNS = [
  'id',
  'time',
  'kind',
  'asset',
  'available change',
  'held change',
  'counterparty',
  'note',
  'reason',
] as const;

function quoted(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/** Text a person wrote, made inert for spreadsheets that would run `=…` as a formula. */
function inert(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The entries as one CSV document with a header row. */
export function historyCsv(entries: readonly HistoryEntry[]): string {
  const rows = entries.map((entry) => [
    String(entry.id),
    entry.createdAt,
    entry.kind,
    entry.ticker,
    entry.available,
    entry.held,
    inert(entry.transfer?.counterparty ?? ''),
    inert(entry.transfer?.note ?? ''),
    inert(entry.reason),
  ]);
  return [[...HISTORY_CSV_COLUMNS], ...rows].map((row) => row.map(quoted).join(',')).join('\r\n');
}
