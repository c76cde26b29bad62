/** The order form's fee line, shown before the order is placed. */
import { formatAmount } from '../../../core/index.ts';
import type { FeePreview } from './orderDraft.ts';

/** "Fee: 0.1 % (maker or taker), up to 0.00001 BTC", or nothing while the rates are unknown. */
export function OrderFee({ fee }: { fee: FeePreview | null }) {
  if (fee === null) return null;
  return (
    <p className="order-fee" data-testid="order-fee">
      Fee: {fee.percent} % ({fee.role})
      {fee.amount === null
        ? `, paid in ${fee.ticker}`
        : `, up to ${formatAmount(fee.amount)} ${fee.ticker}`}
    </p>
  );
}
