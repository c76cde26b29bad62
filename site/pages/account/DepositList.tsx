/** The account's latest deposits, each with its confirmations climbing until it is credited. */
import type { Deposit, DepositStatus } from '../../../core/index.ts';
import { formatAmount, formatLocalDateTime } from '../../../core/index.ts';
import { TableScroll } from '../../components/TableScroll.tsx';

const STATUS_TEXT: Record<DepositStatus, string> = {
  pending: 'Confirming',
  credited: 'Credited',
  belowMinimum: 'Below the minimum: not credited',
  dropped: 'Dropped by the network: not credited',
};

/** What a deposit's status says, with its confirmations while it waits for them. */
export function depositProgress(deposit: Deposit): string {
  return deposit.status === 'pending'
    ? `${STATUS_TEXT.pending} ${Math.min(deposit.confirmations, deposit.required)}/${deposit.required}`
    : STATUS_TEXT[deposit.status];
}

/** The deposits table; its live region announces a deposit's new status politely. */
export function DepositList({ deposits }: { deposits: readonly Deposit[] }) {
  return (
    <section className="deposit-history" aria-label="Your deposits">
      <h2>Your deposits</h2>
      {deposits.length === 0 ? (
        <p className="account-summary">No deposits yet.</p>
      ) : (
        <TableScroll label="Your deposits table">
          <table className="history">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Asset</th>
                <th scope="col" className="number">
                  Amount
                </th>
                <th scope="col">Status</th>
                <th scope="col">Transaction</th>
              </tr>
            </thead>
            <tbody aria-live="polite">
              {deposits.map((deposit) => (
                <tr key={deposit.id} data-testid="deposit-row">
                  <td>
                    <time dateTime={deposit.time}>{formatLocalDateTime(deposit.time)}</time>
                  </td>
                  <td>
                    {deposit.asset} ({deposit.network})
                  </td>
                  <td className="number">{formatAmount(deposit.amount)}</td>
                  <td data-testid="deposit-status">{depositProgress(deposit)}</td>
                  <td className="tx-hash">{deposit.txHash}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
