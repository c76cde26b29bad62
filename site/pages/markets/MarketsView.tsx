/**
 * The markets list as the visitor sees it, given the tickers, sparklines and favourites: search,
 * an all/favourites filter, a table sortable by any figure column (header buttons, aria-sort),
 * skeleton rows while loading and a message when nothing matches. Each row's pair links to its
 * trading page.
 */
import { useState } from 'react';
import type { MarketSummary, PairSymbol } from '../../../core/index.ts';
import type { Sparklines } from '../../components/markets/useSparklines.ts';
import { MarketsEmpty } from './MarketsEmpty.tsx';
import { MarketsTable } from './MarketsTable.tsx';
import { MarketsToolbar } from './MarketsToolbar.tsx';
import { COLUMNS } from './marketColumns.ts';
import { nextOrder, type SortOrder, visibleMarkets } from './marketRows.ts';

/** What the view shows. */
export interface MarketsViewProps {
  /** Every pair's ticker in listing order; null while loading. */
  items: readonly MarketSummary[] | null;
  error: string | null;
  sparklines: Sparklines;
  favourites: ReadonlySet<PairSymbol>;
  onToggleFavourite(pair: PairSymbol): void;
  /** Full names of the base assets ("Bitcoin"), shown and searched. */
  names: Readonly<Record<string, string>>;
}

/** See the file comment. */
export function MarketsView(props: MarketsViewProps) {
  const { items, error, favourites, names } = props;
  const [query, setQuery] = useState('');
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const [order, setOrder] = useState<SortOrder>(null);

  const rows =
    items === null
      ? null
      : visibleMarkets(items, { query, favouritesOnly, favourites, names }, order);
  const sortedBy = COLUMNS.find((column) => column.key === order?.key);

  return (
    <div className="page markets-page">
      <h1>Markets</h1>
      <p className="muted">Every spot pair against USDT, live. Select a pair to trade it.</p>
      <MarketsToolbar
        query={query}
        onQuery={setQuery}
        favouritesOnly={favouritesOnly}
        onFavouritesOnly={setFavouritesOnly}
        favouriteCount={favourites.size}
      />
      <p className="visually-hidden" role="status">
        {rows === null
          ? error === null
            ? 'Loading markets'
            : ''
          : `${rows.length} of ${items?.length ?? 0} markets shown${
              order && sortedBy ? `, sorted by ${sortedBy.label}, ${order.direction}` : ''
            }.`}
      </p>
      {items === null && error !== null ? (
        <p className="error-box" role="alert">
          {error}
        </p>
      ) : rows !== null && rows.length === 0 ? (
        <MarketsEmpty
          query={query}
          favouritesOnly={favouritesOnly}
          hasFavourites={favourites.size > 0}
          onClear={() => setQuery('')}
        />
      ) : (
        <MarketsTable
          rows={rows}
          order={order}
          onSort={(key) => setOrder(nextOrder(order, key))}
          favourites={favourites}
          onToggleFavourite={props.onToggleFavourite}
          names={names}
          sparklines={props.sparklines}
        />
      )}
    </div>
  );
}
