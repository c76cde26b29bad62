/** A snapshot's totals per asset: what the accounts are owed, what the addresses held, the ratio. */
import { formatAmount, type ReserveAssetTotal } from '../../../core/index.ts';
import { TableScroll } from '../../components/TableScroll.tsx';
import { ReserveRatio } from './ReserveRatio.tsx';

/** The table of `assets`, under `caption`. */
export function ReserveTotalsTable({
  assets,
  caption,
}: {
  assets: readonly ReserveAssetTotal[];
  caption: string;
}) {
  return (
    <TableScroll label={caption}>
      <table className="reserves-totals">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col" className="number">
              Owed to accounts
            </th>
            <th scope="col" className="number">
              Reserves held
            </th>
            <th scope="col" className="number">
              Ratio
            </th>
          </tr>
        </thead>
        <tbody>
          {assets.map((asset) => (
            <tr key={asset.ticker} data-testid="reserve-asset">
              <th scope="row">{asset.ticker}</th>
              <td className="number">{formatAmount(asset.liabilities)}</td>
              <td className="number">{formatAmount(asset.reserves)}</td>
              <td className="number">
                <ReserveRatio asset={asset} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
