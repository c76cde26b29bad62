/** The account's latest withdrawals with their state, each cancellable until it is sent. */
import type { Withdrawal, WithdrawalStatus } from '../../../core/index.ts';
import { formatAmount, formatLocalDateTime } from '../../../core/index.ts';
import { TableScroll } from '../../components/TableScroll.tsx';

const STATUS_TEXT: Record<WithdrawalStatus, string> = {
  awaitingConfirmation: 'Waiting for your confirmation by e-mail',
  requested: 'Requested',
  awaitingReview: 'Awaiting staff review',
  sent: 'Sent',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
  failed: 'Failed',
};

/** What a withdrawal's state says, with its confirmations once sent and the reason of a refusal. */
export function withdrawalProgress(withdrawal: Withdrawal): string {
  const text = STATUS_TEXT[withdrawal.status];
  if (withdrawal.status === 'sent') {
    return `${text}, ${Math.min(withdrawal.confirmations, withdrawal.required)}/${withdrawal.required} confirmations`;
  }
  return withdrawal.reason ? `${text}: ${withdrawal.reason}` : text;
}

/** Whether its owner may still cancel it: only before it is sent. */
export function cancellable(withdrawal: Withdrawal): boolean {
  return (
    withdrawal.status === 'awaitingConfirmation' ||
    withdrawal.status === 'requested' ||
    withdrawal.status === 'awaitingReview'
  );
}

/** The withdrawals table. */
export function WithdrawalList({
  withdrawals,
  onCancel,
}: {
  withdrawals: readonly Withdrawal[];
  onCancel: (withdrawal: Withdrawal) => void;
}) {
  return (
    <section className="deposit-history" aria-label="Your withdrawals">
      <h2>Your withdrawals</h2>
      {withdrawals.length === 0 ? (
        <p className="account-summary">No withdrawals yet.</p>
      ) : (
        <TableScroll label="Your withdrawals table">
          <table className="history">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Asset</th>
                <th scope="col" className="number">
                  Amount
                </th>
                <th scope="col" className="number">
                  Fee
                </th>
                <th scope="col">Status</th>
                <th scope="col">Address</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody aria-live="polite">
              {withdrawals.map((withdrawal) => (
                <tr key={withdrawal.id} data-testid="withdrawal-row">
                  <td>
                    <time dateTime={withdrawal.time}>{formatLocalDateTime(withdrawal.time)}</time>
                  </td>
                  <td>
                    {withdrawal.asset} ({withdrawal.network})
                  </td>
                  <td className="number">{formatAmount(withdrawal.amount)}</td>
                  <td className="number">{formatAmount(withdrawal.fee)}</td>
                  <td data-testid="withdrawal-status">{withdrawalProgress(withdrawal)}</td>
                  <td className="tx-hash">{withdrawal.address}</td>
                  <td>
                    {cancellable(withdrawal) && (
                      <button
                        type="button"
                        className="button secondary"
                        onClick={() => onCancel(withdrawal)}
                      >
                        Cancel
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
