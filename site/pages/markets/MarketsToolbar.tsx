/** The markets page's toolbar: the search box and the all/favourites filter. */
import { useId } from 'react';

/** A labelled search input and two toggle buttons, All markets and Favourites (with a count). */
export function MarketsToolbar({
  query,
  onQuery,
  favouritesOnly,
  onFavouritesOnly,
  favouriteCount,
}: {
  query: string;
  onQuery(query: string): void;
  favouritesOnly: boolean;
  onFavouritesOnly(favouritesOnly: boolean): void;
  favouriteCount: number;
}) {
  const searchId = useId();
  return (
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
          onChange={(event) => onQuery(event.target.value)}
        />
      </div>
      <fieldset className="markets-filter">
        <legend className="visually-hidden">Show</legend>
        <button
          type="button"
          aria-pressed={!favouritesOnly}
          onClick={() => onFavouritesOnly(false)}
        >
          All markets
        </button>
        <button type="button" aria-pressed={favouritesOnly} onClick={() => onFavouritesOnly(true)}>
          Favourites ({favouriteCount})
        </button>
      </fieldset>
    </div>
  );
}
