/**
 * The account's card purchases with their state, live: each moves on the account's private
 * stream (awaiting payment → paid → credited, or declined, expired, refunded). The purchase a
 * return from the payment page names is announced above the table.
 */
import {
  type CardPurchase,
  type CardPurchaseStatus,
  formatAmount,
  formatLocalDateTime,
  formatUsdValue,
} from '../../../core/index.ts';
import { TableScroll } from '../../components/TableScroll.tsx';

const STATUS_TEXT: Record<CardPurchaseStatus, string> = {
  created: 'Created',
  awaitingPayment: 'Awaiting payment',
  paid: 'Paid',
  credited: 'Credited',
  declined: 'Declined',
  expired: 'Expired',
  refunded: 'Refunded',
};

/** What a purchase's state says, with the reason of a decline. */
export function purchaseState(purchase: CardPurchase): string {
  const text = STATUS_TEXT[purchase.status];
  return purchase.reason ? `${text}: ${purchase.reason}` : text;
}

/** The sentence for the purchase a person just came back from paying. */
export function returnMessage(purchase: CardPurchase): string {
  const what = `${formatAmount(purchase.amount)} ${purchase.asset}`;
  switch (purchase.status) {
    case 'created':
    case 'awaitingPayment':
      return `Purchase ${purchase.id} (${what}) is waiting for its payment.`;
    case 'paid':
      return `Purchase ${purchase.id} is paid; ${what} is being credited.`;
    case 'credited':
      return `Purchase ${purchase.id} is complete: ${what} is in your account.`;
    case 'declined':
      return `Purchase ${purchase.id} was declined${purchase.reason ? `: ${purchase.reason}` : '.'} Nothing was charged.`;
    case 'expired':
      return `Purchase ${purchase.id} expired before it was paid. Nothing was charged.`;
    case 'refunded':
      return `Purchase ${purchase.id} was refunded to your card.`;
    default:
      purchase.status satisfies never;
      return '';
  }
}

/** The purchases table, and the state of the one returned from (`returned`, an id). */
export function PurchaseList({
  purchases,
  returned,
}: {
  purchases: readonly CardPurchase[];
  returned: number | null;
}) {
  const back = purchases.find((purchase) => purchase.id === returned);
  return (
    <section className="deposit-history" aria-label="Your card purchases">
      <p className="buy-return" role="status" data-testid="purchase-return">
        {back === undefined ? '' : returnMessage(back)}
      </p>
      <h2>Your card purchases</h2>
      {purchases.length === 0 ? (
        <p className="account-summary">No card purchases yet.</p>
      ) : (
        <TableScroll label="Your card purchases table">
          <table className="history">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col" className="number">
                  Amount
                </th>
                <th scope="col" className="number">
                  Charged
                </th>
                <th scope="col">Card</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {purchases.map((purchase) => (
                <tr
                  key={purchase.id}
                  data-testid="purchase-row"
                  aria-current={purchase.id === returned ? true : undefined}
                >
                  <td>
                    <time dateTime={purchase.time}>{formatLocalDateTime(purchase.time)}</time>
                  </td>
                  <td className="number">
                    {formatAmount(purchase.amount)} {purchase.asset}
                  </td>
                  <td className="number">{formatUsdValue(purchase.total)}</td>
                  <td>
                    {purchase.card === null
                      ? '—'
                      : `${purchase.card.brand} ending in ${purchase.card.last4}`}
                  </td>
                  <td data-testid="purchase-status">
                    {purchaseState(purchase)}
                    {purchase.paymentUrl !== null && (
                      <>
                        {' '}
                        <a href={purchase.paymentUrl}>Pay now</a>
                      </>
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
