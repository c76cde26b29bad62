/** The pair switcher's searchable list, with each pair's live last price and 24 h change. */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  formatChange,
  formatPrice,
  PAIR_SYMBOLS,
  type PairSymbol,
  trendOf,
} from '../../../core/index.ts';
import { useMarketTickers } from '../../components/markets/useMarketTickers.ts';

/** The pairs whose symbol contains the search, case-insensitively ("btc", "eth/u"). */
export function searchPairs(query: string): PairSymbol[] {
  const wanted = query.trim().toUpperCase().replace('/', '_');
  return PAIR_SYMBOLS.filter((pair) => pair.includes(wanted));
}

/** See the file comment; loaded when the switcher first opens. */
export default function PairList({ current, onClose }: { current: PairSymbol; onClose(): void }) {
  const [query, setQuery] = useState('');
  const { items } = useMarketTickers();
  const search = useRef<HTMLInputElement>(null);
  const searchId = useId();
  useEffect(() => search.current?.focus(), []);
  const shown = searchPairs(query);
  return (
    <div className="pair-list">
      <label htmlFor={searchId} className="visually-hidden">
        Search pairs
      </label>
      <input
        id={searchId}
        ref={search}
        type="search"
        placeholder="Search pairs"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      {shown.length === 0 ? (
        <p className="muted">No pair matches “{query}”.</p>
      ) : (
        <ul>
          {shown.map((pair) => {
            const ticker = items?.find((item) => item.pair === pair) ?? null;
            const change = ticker?.change ?? null;
            return (
              <li key={pair}>
                <Link
                  href={`/trading/${pair}`}
                  aria-current={pair === current ? 'page' : undefined}
                  onClick={onClose}
                >
                  <span className="pair-name">{pair.replace('_', '/')}</span>
                  <span className="pair-last">{formatPrice(pair, ticker?.last ?? null)}</span>
                  <span className={`pair-change trend-${trendOf(change)}`}>
                    {formatChange(change)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
