/** The account history's filters (asset, kind) and its CSV export. */
import {
  ASSETS,
  HISTORY_KINDS,
  type HistoryKind,
  QUOTE,
  type Ticker,
} from '../../../core/index.ts';
import { exportHistoryCsv } from './exportHistoryCsv.ts';
import { KIND_LABELS } from './historyLabels.ts';
import type { HistoryFilters } from './useHistoryPages.ts';

/** The two selects and "Export CSV"; `onFilters` gets the next filters from the current ones. */
export function HistoryFilterBar({
  filters,
  onFilters,
}: {
  filters: HistoryFilters;
  onFilters: (next: (current: HistoryFilters) => HistoryFilters) => void;
}) {
  return (
    <div className="history-filters">
      <label>
        Asset{' '}
        <select
          value={filters.ticker ?? ''}
          onChange={(event) => {
            const ticker = event.target.value as Ticker | '';
            onFilters(({ kind }) => ({
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
            onFilters(({ ticker }) => ({
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
      <button
        type="button"
        className="button secondary"
        onClick={() => void exportHistoryCsv(filters)}
      >
        Export CSV
      </button>
    </div>
  );
}
