/**
 * What the markets list shows, in which order: the search and favourites filters, and sorting by
 * any column with exact decimal comparisons. A pair without a figure (never traded) sorts last
 * whichever the direction, so flipping the order never brings empty rows to the top.
 */
import { compareDecimals, type MarketSummary, type PairSymbol } from '../../../core/index.ts';

/** A column the list sorts by. */
export type SortKey = 'pair' | 'last' | 'change' | 'high' | 'low' | 'volume';

/** Which way a column sorts. */
export type SortDirection = 'ascending' | 'descending';

/** The list's order: a column and a direction, or null for the listing order. */
export type SortOrder = { key: SortKey; direction: SortDirection } | null;

/** The figure a column sorts by, as a decimal string, or null when there is none. */
function figure(item: MarketSummary, key: Exclude<SortKey, 'pair'>): string | null {
  switch (key) {
    case 'last':
      return item.last;
    case 'change':
      return item.change;
    case 'high':
      return item.high;
    case 'low':
      return item.low;
    case 'volume':
      return item.quoteVolume;
    default:
      key satisfies never;
      return null;
  }
}

/** The items in `order`; ties and the listing order keep the items' own order. */
export function sortMarkets(items: readonly MarketSummary[], order: SortOrder): MarketSummary[] {
  const sorted = [...items];
  if (order === null) return sorted;
  const sign = order.direction === 'ascending' ? 1 : -1;
  const { key } = order;
  if (key === 'pair') {
    return sorted.sort((a, b) => sign * (a.pair < b.pair ? -1 : a.pair > b.pair ? 1 : 0));
  }
  return sorted.sort((a, b) => {
    const x = figure(a, key);
    const y = figure(b, key);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return sign * compareDecimals(x, y);
  });
}

/** The order after activating a column's header: a new column starts high-to-low (A-Z for pairs), the same column flips. */
export function nextOrder(current: SortOrder, key: SortKey): SortOrder {
  if (current?.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: key === 'pair' ? 'ascending' : 'descending' };
}

/** What narrows the list. */
export interface MarketFilter {
  /** Text typed in the search box. */
  query: string;
  /** Only the favourite pairs. */
  favouritesOnly: boolean;
  favourites: ReadonlySet<PairSymbol>;
  /** Each base asset's full name ("Bitcoin"), searched too when known. */
  names?: Readonly<Record<string, string>>;
}

/** Whether `item` passes the filter: the query is found in "BTC/USDT", "BTC_USDT" or the name. */
export function matchesFilter(item: MarketSummary, filter: MarketFilter): boolean {
  if (filter.favouritesOnly && !filter.favourites.has(item.pair)) return false;
  const query = filter.query.trim().toLowerCase().replace(/\s+/g, '');
  if (query === '') return true;
  const texts = [item.pair, `${item.base}/${item.quote}`, filter.names?.[item.base] ?? ''];
  return texts.some((text) => text.toLowerCase().includes(query));
}

/** The rows to show: filtered, then sorted. */
export function visibleMarkets(
  items: readonly MarketSummary[],
  filter: MarketFilter,
  order: SortOrder,
): MarketSummary[] {
  return sortMarkets(
    items.filter((item) => matchesFilter(item, filter)),
    order,
  );
}
