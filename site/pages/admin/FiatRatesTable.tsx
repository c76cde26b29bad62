/** The reference rates as a table: each listed fiat, what one USDT is in it, and when it was set. */
import { formatAmount, formatLocalDateTime, type P2pFiatRate } from '../../../core/index.ts';

/** One row per fiat; a fiat without a rate says so. `titleId` names the table. */
export function FiatRatesTable({
  titleId,
  fiats,
  rates,
}: {
  titleId: string;
  fiats: readonly string[];
  rates: readonly P2pFiatRate[] | null;
}) {
  const rateOf = (code: string) => rates?.find((rate) => rate.fiat === code);
  return (
    <table aria-labelledby={titleId}>
      <thead>
        <tr>
          <th scope="col">Fiat</th>
          <th scope="col">1 USDT is</th>
          <th scope="col">Set</th>
        </tr>
      </thead>
      <tbody>
        {fiats.map((code) => {
          const rate = rateOf(code);
          return (
            <tr key={code} data-testid="fiat-rate">
              <th scope="row">{code}</th>
              <td className="number">
                {rate ? `${formatAmount(rate.perUsdt)} ${code}` : 'No rate'}
              </td>
              <td>
                {rate && (
                  <time dateTime={rate.updatedAt}>{formatLocalDateTime(rate.updatedAt)}</time>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
