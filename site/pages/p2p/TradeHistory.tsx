/**
 * A trade's history as a short list of what happened when: opened, marked paid, disputed (by
 * which side), and how it ended. Both sides see it on their card; staff see it beside a dispute.
 */
import type { P2pTrade } from '../../../core/index.ts';
import { formatLocalDateTime } from '../../../core/index.ts';
import './p2p.css';

/** How each ending reads in the history. */
const ENDED: Partial<Record<P2pTrade['status'], string>> = {
  released: 'Released to the buyer',
  cancelled: 'Cancelled by the buyer',
  expired: 'Expired unpaid',
  returned: 'Returned to the seller by staff',
};

export function TradeHistory({ trade }: { trade: P2pTrade }) {
  const steps: [string, string][] = [['Opened', trade.createdAt]];
  if (trade.paidAt) steps.push(['Marked paid', trade.paidAt]);
  if (trade.disputedAt) {
    steps.push([`Disputed by the ${trade.disputedBy ?? 'buyer'}`, trade.disputedAt]);
  }
  const ending = ENDED[trade.status];
  if (trade.endedAt && ending) steps.push([ending, trade.endedAt]);
  return (
    <ol className="p2p-history" aria-label={`Trade ${trade.id} history`}>
      {steps.map(([what, when]) => (
        <li key={what}>
          {what} <time dateTime={when}>{formatLocalDateTime(when)}</time>
        </li>
      ))}
    </ol>
  );
}
