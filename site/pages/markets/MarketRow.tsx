/** One row of the markets table: the favourite star, the pair's link, its figures and sparkline. */
import { memo } from 'react';
import { Link } from 'wouter';
import {
  formatChange,
  formatPrice,
  formatUsdtValue,
  type MarketSummary,
  type PairSymbol,
  trendOf,
} from '../../../core/index.ts';
import { Sparkline } from '../../components/markets/Sparkline.tsx';
import { StarIcon } from './MarketsIcons.tsx';

/**
 * A pair's row, linking to its trading page. Memoised: a streamed ticker replaces one pair's
 * object, so an update renders that row only.
 */
export const MarketRow = memo(function MarketRow({
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
