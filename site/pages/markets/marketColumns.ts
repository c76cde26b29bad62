/** The markets table's sortable columns. */
import type { SortKey } from './marketRows.ts';

/** The sortable columns, in table order. */
export const COLUMNS: readonly { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'pair', label: 'Pair', numeric: false },
  { key: 'last', label: 'Last price', numeric: true },
  { key: 'change', label: '24h change', numeric: true },
  { key: 'high', label: '24h high', numeric: true },
  { key: 'low', label: '24h low', numeric: true },
  { key: 'volume', label: '24h volume (USDT)', numeric: true },
];
