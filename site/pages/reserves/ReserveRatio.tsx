/**
 * An asset's reserves ratio as a percentage, and a shortfall marked in words (a "Short" tag and
 * an outline), never by colour alone.
 */
import { formatShare, type ReserveAssetTotal } from '../../../core/index.ts';
import { isShortfall } from '../../../core/reserves/shortfall.ts';

/** The ratio of `asset` ("102.13 %"), "Nothing owed" when no liabilities, tagged when short. */
export function ReserveRatio({ asset }: { asset: ReserveAssetTotal }) {
  const short = isShortfall(asset);
  return (
    <span className={short ? 'reserves-ratio short' : 'reserves-ratio'}>
      {asset.ratio === null ? 'Nothing owed' : formatShare(asset.ratio)}
      {short && <span className="reserves-short-tag">Short</span>}
    </span>
  );
}

/** Each asset's ticker and ratio, in one line per asset (the history and the staff list). */
export function RatioList({ assets }: { assets: readonly ReserveAssetTotal[] }) {
  return (
    <ul className="reserves-ratio-list">
      {assets.map((asset) => (
        <li key={asset.ticker}>
          <span className="reserves-ticker">{asset.ticker}</span> <ReserveRatio asset={asset} />
        </li>
      ))}
    </ul>
  );
}
