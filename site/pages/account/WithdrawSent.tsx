/** The withdrawal page's last step: what was requested, and the mail to confirm it where asked. */
import { formatAmount, type Withdrawal } from '../../../core/index.ts';

/** The request's summary, with the way to another. */
export function WithdrawSent({
  withdrawal,
  email,
  onAgain,
}: {
  withdrawal: Withdrawal;
  email: string;
  onAgain: () => void;
}) {
  return (
    <div className="transfer-done" role="status">
      <p>
        Withdrawal of {formatAmount(withdrawal.amount)} {withdrawal.asset} requested.{' '}
        {withdrawal.status === 'awaitingConfirmation'
          ? `We mailed a link to ${email}: follow it within 30 minutes to confirm the withdrawal, or it is cancelled and the money is available again.`
          : ''}
      </p>
      <button type="button" className="button" onClick={onAgain}>
        New withdrawal
      </button>
    </div>
  );
}
