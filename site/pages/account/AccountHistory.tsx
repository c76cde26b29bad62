/**
 * The account's history on the overview: every ledger entry with what it did to the available
 * and the held balance, filtered by asset and kind, a page at a time, exportable as CSV.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  ASSETS,
  call,
  formatAmount,
  formatLocalDateTime,
  HISTORY_KINDS,
  type HistoryEntry,
  type HistoryKind,
  QUOTE,
  type Ticker,
} from '../../../core/index.ts';
import { TableScroll } from '../../components/TableScroll.tsx';
import { historyCsv } from './historyCsv.ts';

/** Entries fetched per page. */
export const HISTORY_PAGE_SIZE = 25;

/** Most entries one export gathers (the server's largest page, a few times over). */
const EXPORT_MAX = 5000;

const KIND_LABELS: Record<HistoryKind, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  transfer: 'Transfer',
  trade: 'Trade',
  fee: 'Fee',
  referral: 'Referral',
  cardPurchase: 'Card purchase',
  p2p: 'P2P',
};

interface Filters {
  ticker?: Ticker;
  kind?: HistoryKind;
}

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready' };

/**
 * The history section of the overview. A change of `refreshKey` (the overview passes its live
 * balances) reads the first page again, so a swap, a fill or a transfer shows without a reload.
 */
export function AccountHistory({ refreshKey = '' }: { refreshKey?: string }) {
  const id = useId();
  const [filters, setFilters] = useState<Filters>({});
  const [entries, setEntries] = useState<HistoryEntry[]>([]);
  const [more, setMore] = useState(false);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

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

  return (
    <section className="account-history" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>History</h2>
      <div className="history-filters">
        <label>
          Asset{' '}
          <select
            value={filters.ticker ?? ''}
            onChange={(event) => {
              const ticker = event.target.value as Ticker | '';
              setFilters(({ kind }) => ({
                ...(kind ? { kind } : {}),
                ...(ticker ? { ticker } : {}),
              }));
            }}
          >
            <option value="">All</option>
            {[...ASSETS, QUOTE].map((ticker) => (
              <option key={ticker} value={ticker}>
                {ticker}
              </option>
            ))}
          </select>
        </label>
        <label>
          Kind{' '}
          <select
            value={filters.kind ?? ''}
            onChange={(event) => {
              const kind = event.target.value as HistoryKind | '';
              setFilters(({ ticker }) => ({
                ...(ticker ? { ticker } : {}),
                ...(kind ? { kind } : {}),
              }));
            }}
          >
            <option value="">All</option>
            {HISTORY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button secondary" onClick={() => void exportCsv(filters)}>
          Export CSV
        </button>
      </div>
      {entries.length === 0 && load.state === 'ready' ? (
        <p className="account-summary">Nothing here yet.</p>
      ) : (
        <TableScroll label="History table">
          <table className="history">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Kind</th>
                <th scope="col">Asset</th>
                <th scope="col" className="number">
                  Available
                </th>
                <th scope="col" className="number">
                  Held
                </th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} data-testid="history-entry">
                  <td>
                    <time dateTime={entry.createdAt}>{formatLocalDateTime(entry.createdAt)}</time>
                  </td>
                  <td>{KIND_LABELS[entry.kind]}</td>
                  <td>{entry.ticker}</td>
                  <td className="number">{signed(entry.available)}</td>
                  <td className="number">{signed(entry.held)}</td>
                  <td>{details(entry)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
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

/** A change with its sign, or a dash when the entry left that balance alone. */
function signed(change: string): string {
  if (change === '0') return '—';
  const text = formatAmount(change);
  return text.startsWith('-') ? `−${text.slice(1)}` : `+${text}`;
}

function details(entry: HistoryEntry): string {
  if (!entry.transfer) return entry.reason;
  const { direction, counterparty, note } = entry.transfer;
  return `${direction === 'in' ? 'From' : 'To'} ${counterparty}${note ? ` — ${note}` : ''}`;
}

/** Gathers every entry under the filters and hands the browser a CSV file. */
async function exportCsv(filters: Filters): Promise<void> {
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
