/**
 * The visitor's favourite pairs, kept in this browser's local storage (no account needed) as a
 * JSON array of pair symbols; anything else found there is ignored. Other tabs follow changes
 * through the `storage` event.
 */
import { useCallback, useEffect, useState } from 'react';
import { isPairSymbol, type PairSymbol, readStored, writeStored } from '../../../core/index.ts';

/** The local-storage key of the favourites. */
export const FAVOURITES_KEY = 'favourite_pairs';

/** The stored favourites; an empty set when none or unreadable. */
export function readFavourites(): Set<PairSymbol> {
  const text = readStored(FAVOURITES_KEY);
  if (text === null) return new Set();
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return new Set();
    return new Set(
      parsed.filter(
        (value): value is PairSymbol => typeof value === 'string' && isPairSymbol(value),
      ),
    );
  } catch {
    return new Set();
  }
}

/** Stores the favourites. */
export function writeFavourites(favourites: ReadonlySet<PairSymbol>): void {
  writeStored(FAVOURITES_KEY, JSON.stringify([...favourites]));
}

/** The favourites and the function that adds a pair or takes it out. */
export function useFavourites(): [ReadonlySet<PairSymbol>, (pair: PairSymbol) => void] {
  const [favourites, setFavourites] = useState(readFavourites);

  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === FAVOURITES_KEY || event.key === null) setFavourites(readFavourites());
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);

  const toggle = useCallback((pair: PairSymbol) => {
    // Read again first: another tab may have changed the list since this one rendered.
    const next = readFavourites();
    if (next.has(pair)) next.delete(pair);
    else next.add(pair);
    writeFavourites(next);
    setFavourites(next);
  }, []);

  return [favourites, toggle];
}
