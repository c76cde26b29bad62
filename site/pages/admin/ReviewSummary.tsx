/** The withdrawal a staff decision is about, summed up. */
import { formatAmount, formatUsd, type StaffWithdrawal } from '../../../core/index.ts';
import { accountName } from './PendingWithdrawalTable.tsx';

/** What is being decided on, so the dialog alone is enough to decide. */
export function ReviewSummary({ withdrawal }: { withdrawal: StaffWithdrawal }) {
  return (
    <dl className="admin-review-summary">
      <dt>Account</dt>
      <dd>{accountName(withdrawal)}</dd>
      <dt>Amount</dt>
      <dd>
        {formatAmount(withdrawal.amount)} {withdrawal.asset} + fee {formatAmount(withdrawal.fee)}{' '}
        {withdrawal.asset} ({formatUsd(withdrawal.usdValue, { adaptive: true })})
      </dd>
      <dt>To</dt>
      <dd>
        <span className="tx-hash">{withdrawal.address}</span>
        {withdrawal.tag !== null && ` (tag ${withdrawal.tag})`} on {withdrawal.network}
      </dd>
    </dl>
  );
}
