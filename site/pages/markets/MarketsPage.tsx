/**
 * `/markets`: every spot pair with its live 24 h ticker and sparkline, searchable,
 * sortable and with favourites kept in this browser.
 */
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { currencies } from '../../../core/index.ts';
import { useMarketTickers } from '../../components/markets/useMarketTickers.ts';
import { useSparklines } from '../../components/markets/useSparklines.ts';
import { useFavourites } from './favourites.ts';
import { MarketsView } from './MarketsView.tsx';
import '../../components/markets/marketFigures.css';
import './markets.css';

/** The markets list. */
export default function MarketsPage() {
  const { items, error } = useMarketTickers();
  const sparklines = useSparklines();
  const [favourites, toggleFavourite] = useFavourites();
  const { items: listed } = useSnapshot(currencies);
  const names = useMemo(
    () => Object.fromEntries(listed.map((currency) => [currency.ticker, currency.name])),
    [listed],
  );
  return (
    <MarketsView
      items={items}
      error={error}
      sparklines={sparklines}
      favourites={favourites}
      onToggleFavourite={toggleFavourite}
      names={names}
    />
  );
}
