/** What the markets page says when no row is left to show. */

/**
 * No favourites yet (with how to add one), or no market matching the search (with a button
 * that clears it).
 */
export function MarketsEmpty({
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
