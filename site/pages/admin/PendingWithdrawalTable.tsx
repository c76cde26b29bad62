/** The withdrawals awaiting staff review, oldest first, each with Approve and Reject. */
import {
  formatAmount,
  formatLocalDateTime,
  formatUsd,
  type StaffWithdrawal,
} from '../../../core/index.ts';
import { TableScroll } from '../../components/TableScroll.tsx';

/** Who asked for a withdrawal, as a row and a dialog name them. */
export function accountName(withdrawal: StaffWithdrawal): string {
  return withdrawal.login || withdrawal.email || `Account #${withdrawal.userId}`;
}

/** What a review would do to a withdrawal: approve it, or reject it. */
export type ReviewAction = 'approve' | 'reject';

/** The table; `staffId` marks the caller's own withdrawals, which another staff member reviews. */
export function PendingWithdrawalTable({
  withdrawals,
  staffId,
  onReview,
}: {
  withdrawals: readonly StaffWithdrawal[];
  staffId: number;
  onReview: (withdrawal: StaffWithdrawal, action: ReviewAction) => void;
}) {
  return (
    <TableScroll label="Withdrawals to review table">
      <table className="history">
        <thead>
          <tr>
            <th scope="col">Requested</th>
            <th scope="col">Account</th>
            <th scope="col">Asset</th>
            <th scope="col" className="number">
              Amount
            </th>
            <th scope="col" className="number">
              Fee
            </th>
            <th scope="col" className="number">
              USD value
            </th>
            <th scope="col">Address</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {withdrawals.map((withdrawal) => (
            <PendingRow
              key={withdrawal.id}
              withdrawal={withdrawal}
              own={withdrawal.userId === staffId}
              onReview={onReview}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function PendingRow({
  withdrawal,
  own,
  onReview,
}: {
  withdrawal: StaffWithdrawal;
  own: boolean;
  onReview: (withdrawal: StaffWithdrawal, action: ReviewAction) => void;
}) {
  const name = accountName(withdrawal);
  // Each button names its withdrawal, so a screen reader's list of buttons tells them apart.
  const about = `withdrawal #${withdrawal.id} of ${formatAmount(withdrawal.amount)} ${withdrawal.asset} by ${name}`;
  return (
    <tr data-testid="pending-withdrawal">
      <td>
        <time dateTime={withdrawal.time}>{formatLocalDateTime(withdrawal.time)}</time>
      </td>
      <td>
        {name}
        {withdrawal.email && withdrawal.email !== name && (
          <span className="admin-pending-email">{withdrawal.email}</span>
        )}
      </td>
      <td>
        {withdrawal.asset} ({withdrawal.network})
      </td>
      <td className="number">{formatAmount(withdrawal.amount)}</td>
      <td className="number">{formatAmount(withdrawal.fee)}</td>
      <td className="number">{formatUsd(withdrawal.usdValue, { adaptive: true })}</td>
      <td>
        <span className="tx-hash">{withdrawal.address}</span>
        {withdrawal.tag !== null && <span className="admin-pending-tag">Tag {withdrawal.tag}</span>}
      </td>
      <td>
        {own ? (
          <span className="muted">Yours: another staff member reviews it.</span>
        ) : (
          <span className="button-row admin-pending-actions">
            <button
              type="button"
              className="button"
              aria-label={`Approve ${about}`}
              onClick={() => onReview(withdrawal, 'approve')}
            >
              Approve
            </button>
            <button
              type="button"
              className="button secondary"
              aria-label={`Reject ${about}`}
              onClick={() => onReview(withdrawal, 'reject')}
            >
              Reject
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}
