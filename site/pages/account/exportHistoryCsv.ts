/** The account history's CSV export, gathered a large page at a time. */
import { call, type HistoryEntry } from '../../../core/index.ts';
import { historyCsv } from './historyCsv.ts';
import type { HistoryFilters } from './useHistoryPages.ts';

/** Most entries one export gathers (the server's largest page, a few times over). */
const EXPORT_MAX = 5000;

/** Gathers every entry under the filters and hands the browser a CSV file. */
export async function exportHistoryCsv(filters: HistoryFilters): Promise<void> {
  const all: HistoryEntry[] = [];
  let before: number | undefined;
  while (all.length < EXPORT_MAX) {
    const reply = await call(
      'wallet.getHistory',
      { ...filters, limit: 500, ...(before === undefined ? {} : { before }) },
      { notify: true },
    );
    if (!reply.status) return;
    all.push(...reply.entries);
    if (reply.entries.length < 500) break;
    before = reply.entries.at(-1)?.id;
  }
  const url = URL.createObjectURL(new Blob([historyCsv(all)], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'history.csv';
  link.click();
  // Revoked a moment later: the download may still be reading the blob when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
