/** The markets table: a header of sort buttons (with aria-sort) over one row per market. */
import { type MarketSummary, PAIR_SYMBOLS, type PairSymbol } from '../../../core/index.ts';
import type { Sparklines } from '../../components/markets/useSparklines.ts';
import { MarketRow } from './MarketRow.tsx';
import { SortIcon } from './MarketsIcons.tsx';
import { COLUMNS } from './marketColumns.ts';
import type { SortKey, SortOrder } from './marketRows.ts';
import { SkeletonRow } from './SkeletonRow.tsx';

// One shared empty series, so a row without candles yet keeps equal props between renders.
const NO_PRICES: readonly number[] = [];

/** The table of `rows` in `order`, or a skeleton row per pair while `rows` is null. */
export function MarketsTable({
  rows,
  order,
  onSort,
  favourites,
  onToggleFavourite,
  names,
  sparklines,
}: {
  rows: readonly MarketSummary[] | null;
  order: SortOrder;
  onSort(key: SortKey): void;
  favourites: ReadonlySet<PairSymbol>;
  onToggleFavourite(pair: PairSymbol): void;
  names: Readonly<Record<string, string>>;
  sparklines: Sparklines;
}) {
  return (
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
                <button type="button" className="sort-button" onClick={() => onSort(column.key)}>
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
                  onToggleFavourite={onToggleFavourite}
                  sparkline={sparklines[item.pair] ?? NO_PRICES}
                />
              ))}
        </tbody>
      </table>
    </div>
  );
}
