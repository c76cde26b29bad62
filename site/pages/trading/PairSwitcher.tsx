/**
 * The pair switcher: a button naming the pair that opens a searchable list of the eight pairs
 * with their last price and 24 h change (live while open). Escape or choosing closes it and
 * gives focus back to the button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { PAIR_SYMBOLS, type PairSymbol } from '../../../core/index.ts';
import { useMarketTickers } from '../../components/markets/useMarketTickers.ts';
import { formatChange, formatPrice, trendOf } from './figures.ts';

/** The pairs whose symbol contains the search, case-insensitively ("btc", "eth/u"). */
export function searchPairs(query: string): PairSymbol[] {
  const wanted = query.trim().toUpperCase().replace('/', '_');
  return PAIR_SYMBOLS.filter((pair) => pair.includes(wanted));
}

function PairList({ current, onClose }: { current: PairSymbol; onClose(): void }) {
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

/** See the file comment. */
export function PairSwitcher({ pair }: { pair: PairSymbol }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the list
    <div
      ref={root}
      className="pair-switcher"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close(true);
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="pair-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">Pair: </span>
        {pair.replace('_', '/')}
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <div id={panelId} className="pair-panel" hidden={!open}>
        {open ? <PairList current={pair} onClose={() => close(false)} /> : null}
      </div>
    </div>
  );
}
