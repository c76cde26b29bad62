/**
 * The markets list as the visitor sees it, given the tickers, sparklines and favourites: search,
 * an all/favourites filter, a table sortable by any figure column (header buttons, aria-sort),
 * skeleton rows while loading and a message when nothing matches. Each row's pair links to its
 * trading page.
 */
import { memo, useId, useState } from 'react';
import { Link } from 'wouter';
import {
  formatChange,
  formatPrice,
  formatUsdtValue,
  type MarketSummary,
  PAIR_SYMBOLS,
  type PairSymbol,
  trendOf,
} from '../../../core/index.ts';
import { Sparkline } from '../../components/markets/Sparkline.tsx';
import type { Sparklines } from '../../components/markets/useSparklines.ts';
import { nextOrder, type SortKey, type SortOrder, visibleMarkets } from './marketRows.ts';

/** The sortable columns, in table order. */
export const COLUMNS: readonly { key: SortKey; label: string; numeric: boolean }[] = [
  { key: 'pair', label: 'Pair', numeric: false },
  { key: 'last', label: 'Last price', numeric: true },
  { key: 'change', label: '24h change', numeric: true },
  { key: 'high', label: '24h high', numeric: true },
  { key: 'low', label: '24h low', numeric: true },
  { key: 'volume', label: '24h volume (USDT)', numeric: true },
];

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
  const searchId = useId();

  const rows =
    items === null
      ? null
      : visibleMarkets(items, { query, favouritesOnly, favourites, names }, order);
  const sortedBy = COLUMNS.find((column) => column.key === order?.key);

  return (
    <div className="page markets-page">
      <h1>Markets</h1>
      <p className="muted">Every spot pair against USDT, live. Select a pair to trade it.</p>
      <div className="markets-toolbar">
        <div className="markets-search">
          <label htmlFor={searchId}>Search markets</label>
          <input
            id={searchId}
            type="search"
            value={query}
            placeholder="BTC, Ethereum…"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <fieldset className="markets-filter">
          <legend className="visually-hidden">Show</legend>
          <button
            type="button"
            aria-pressed={!favouritesOnly}
            onClick={() => setFavouritesOnly(false)}
          >
            All markets
          </button>
          <button
            type="button"
            aria-pressed={favouritesOnly}
            onClick={() => setFavouritesOnly(true)}
          >
            Favourites ({favourites.size})
          </button>
        </fieldset>
      </div>
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
        <EmptyState
          query={query}
          favouritesOnly={favouritesOnly}
          hasFavourites={favourites.size > 0}
          onClear={() => setQuery('')}
        />
      ) : (
        <div className="markets-scroll">
          <table className="markets-table" aria-busy={rows === null}>
            <caption className="visually-hidden">
              Spot markets: last price, 24 hour change, high, low and volume
            </caption>
            <thead>
              <tr>
                <th scope="col" className="col-favourite">
                  <span className="visually-hidden">Favourite</span>
                </th>
                {COLUMNS.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={`col-${column.key}${column.numeric ? ' number' : ''}`}
                    aria-sort={order?.key === column.key ? order.direction : undefined}
                  >
                    <button
                      type="button"
                      className="sort-button"
                      onClick={() => setOrder(nextOrder(order, column.key))}
                    >
                      {column.label}
                      <SortIcon direction={order?.key === column.key ? order.direction : null} />
                    </button>
                  </th>
                ))}
                <th scope="col" className="col-chart">
                  Last 24h
                </th>
              </tr>
            </thead>
            <tbody>
              {rows === null
                ? PAIR_SYMBOLS.map((pair) => <SkeletonRow key={pair} />)
                : rows.map((item) => (
                    <MarketRow
                      key={item.pair}
                      item={item}
                      name={names[item.base] ?? item.base}
                      favourite={favourites.has(item.pair)}
                      onToggleFavourite={props.onToggleFavourite}
                      sparkline={props.sparklines[item.pair] ?? NO_PRICES}
                    />
                  ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

// One shared empty series, so a row without candles yet keeps equal props between renders.
const NO_PRICES: readonly number[] = [];

// Memoised: a streamed ticker replaces one pair's object, so an update renders that row only.
const MarketRow = memo(function MarketRow({
  item,
  name,
  favourite,
  onToggleFavourite,
  sparkline,
}: {
  item: MarketSummary;
  name: string;
  favourite: boolean;
  onToggleFavourite(pair: PairSymbol): void;
  sparkline: readonly number[];
}) {
  const trend = trendOf(item.change);
  return (
    <tr data-testid={`market-${item.pair}`}>
      <td className="col-favourite">
        <button
          type="button"
          className="favourite-button"
          aria-pressed={favourite}
          aria-label={`Favourite ${item.base}/${item.quote}`}
          onClick={() => onToggleFavourite(item.pair)}
        >
          <StarIcon filled={favourite} />
        </button>
      </td>
      <th scope="row" className="col-pair">
        <Link href={`/trading/${item.pair}`} className="pair-link">
          <span className="pair-base">{item.base}</span>
          <span className="pair-quote">/{item.quote}</span>
        </Link>
        <span className="pair-name">{name}</span>
      </th>
      <td className="number col-last" data-testid="last">
        {formatPrice(item.pair, item.last)}
      </td>
      <td className={`number col-change trend-${trend}`} data-testid="change">
        {formatChange(item.change)}
      </td>
      <td className="number col-high">{formatPrice(item.pair, item.high)}</td>
      <td className="number col-low">{formatPrice(item.pair, item.low)}</td>
      <td className="number col-volume">{formatUsdtValue(item.quoteVolume)}</td>
      <td className="col-chart">
        <Sparkline prices={sparkline} last={item.last} trend={trend} />
      </td>
    </tr>
  );
});

function SkeletonRow() {
  return (
    <tr className="skeleton-row" data-testid="market-skeleton">
      <td className="col-favourite" />
      {COLUMNS.map((column) => (
        <td key={column.key} className={`col-${column.key}`}>
          <div className="skeleton" aria-hidden="true" />
        </td>
      ))}
      <td className="col-chart">
        <div className="skeleton" aria-hidden="true" />
      </td>
    </tr>
  );
}

function EmptyState({
  query,
  favouritesOnly,
  hasFavourites,
  onClear,
}: {
  query: string;
  favouritesOnly: boolean;
  hasFavourites: boolean;
  onClear(): void;
}) {
  if (favouritesOnly && !hasFavourites) {
    return (
      <div className="markets-empty">
        <p>No favourites yet. Select the star beside a market to keep it here.</p>
      </div>
    );
  }
  return (
    <div className="markets-empty">
      <p>
        No market matches “{query.trim()}”{favouritesOnly ? ' among your favourites' : ''}.
      </p>
      <button type="button" className="button secondary" onClick={onClear}>
        Clear search
      </button>
    </div>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.85 5.78 6.38.93-4.62 4.5 1.09 6.35L12 17.36l-5.7 3 1.09-6.35-4.62-4.5 6.38-.93z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | null }) {
  return (
    <svg
      className="sort-icon"
      viewBox="0 0 10 14"
      width="10"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M5 1l4 5H1z" opacity={direction === 'ascending' ? 1 : 0.35} fill="currentColor" />
      <path d="M5 13l4-5H1z" opacity={direction === 'descending' ? 1 : 0.35} fill="currentColor" />
    </svg>
  );
}
