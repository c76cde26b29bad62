/**
 * The account's history on the overview: every ledger entry with what it did to the available
 * and the held balance, filtered by asset and kind, a page at a time, exportable as CSV.
 */
import { useId, useState } from 'react';
import { HistoryFilterBar } from './HistoryFilterBar.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { type HistoryFilters, useHistoryPages } from './useHistoryPages.ts';

/**
 * The history section of the overview. A change of `refreshKey` (the overview passes its live
 * balances) reads the first page again, so a swap, a fill or a transfer shows without a reload.
 */
export function AccountHistory({ refreshKey = '' }: { refreshKey?: string }) {
  const id = useId();
  const [filters, setFilters] = useState<HistoryFilters>({});
  const { entries, more, load, fetchPage } = useHistoryPages(filters, refreshKey);

  return (
    <section className="account-history" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>History</h2>
      <HistoryFilterBar filters={filters} onFilters={setFilters} />
      {entries.length === 0 && load.state === 'ready' ? (
        <p className="account-summary">Nothing here yet.</p>
      ) : (
        <HistoryTable entries={entries} />
      )}
      {load.state === 'loading' && <p aria-live="polite">Loading…</p>}
      {load.state === 'error' && (
        <p className="error-box" role="alert">
          {load.message}
        </p>
      )}
      {more && load.state === 'ready' && (
        <button
          type="button"
          className="button secondary"
          onClick={() => void fetchPage(entries.at(-1)?.id)}
        >
          Show older
        </button>
      )}
    </section>
  );
}
