/**
 * The account history's pages under the chosen filters: the first page read again when the
 * filters or `refreshKey` change, older pages appended on request.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, type HistoryEntry, type HistoryKind, type Ticker } from '../../../core/index.ts';

/** Entries fetched per page. */
export const HISTORY_PAGE_SIZE = 25;

/** The asset and the kind the history is narrowed to, if any. */
export interface HistoryFilters {
  ticker?: Ticker;
  kind?: HistoryKind;
}

/** Whether the latest read is out, failed or done. */
export type HistoryLoad =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready' };

/** The entries shown, whether older ones exist, the read's state, and `fetchPage(before)`. */
export function useHistoryPages(filters: HistoryFilters, refreshKey: string) {
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [more, setMore] = useState(false);
  const [load, setLoad] = useState<HistoryLoad>({ state: 'loading' });

  // Only the latest read is shown: a refresh and a filter change may answer out of order.
  const latest = useRef(0);
  const fetchPage = useCallback(
    async (before: number | undefined) => {
      const read = ++latest.current;
      setLoad({ state: 'loading' });
      const reply = await call('wallet.getHistory', {
        ...filters,
        limit: HISTORY_PAGE_SIZE,
        ...(before === undefined ? {} : { before }),
      });
      if (read !== latest.current) return;
      if (!reply.status) {
        setLoad({ state: 'error', message: reply.error_msg });
        return;
      }
      setEntries((shown) => (before === undefined ? reply.entries : [...shown, ...reply.entries]));
      setMore(reply.entries.length === HISTORY_PAGE_SIZE);
      setLoad({ state: 'ready' });
    },
    [filters],
  );

  useEffect(() => {
    void fetchPage(undefined);
  }, [fetchPage]);

  const lastKey = useRef(refreshKey);
  useEffect(() => {
    const previous = lastKey.current;
    lastKey.current = refreshKey;
    // The first balances to arrive are what the first page already shows.
    if (previous !== '' && previous !== refreshKey) void fetchPage(undefined);
  }, [refreshKey, fetchPage]);

  return { entries, more, load, fetchPage };
}
