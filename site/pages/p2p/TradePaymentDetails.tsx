/** Where the buyer of a trade pays, by payment method. */
import type { P2pCatalogue, P2pTrade } from '../../../core/index.ts';
import { methodNames } from './useP2pCatalogue.ts';

/** The seller's payment details on a trade under way; nothing when there are none. */
export function TradePaymentDetails({
  trade,
  catalogue,
  isBuyer,
}: {
  trade: P2pTrade;
  catalogue: P2pCatalogue | null;
  isBuyer: boolean;
}) {
  if (!trade.paymentDetails || trade.paymentDetails.length === 0) return null;
  return (
    <div className="p2p-pay">
      <h4>{isBuyer ? 'Where to pay' : 'Where you are paid'}</h4>
      <dl className="p2p-details">
        {trade.paymentDetails.map((entry) => (
          <div key={entry.method}>
            <dt>{methodNames(catalogue, [entry.method])}</dt>
            <dd>{entry.details}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
