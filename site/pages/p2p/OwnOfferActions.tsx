/** What the account can do with one of its offers: pause or resume it, or close it for good. */
import type { P2pOffer } from '../../../core/index.ts';

/** The offer's side and status with its buttons; a closed offer only says so. */
export function OwnOfferActions({
  offer,
  onSetStatus,
}: {
  offer: P2pOffer;
  onSetStatus: (offer: P2pOffer, status: P2pOffer['status']) => void;
}) {
  if (offer.status === 'closed') return 'Closed';
  return (
    <span className="button-row">
      <span>
        {offer.side === 'sell' ? 'Selling' : 'Buying'}, {offer.status}
      </span>
      <button
        type="button"
        className="button secondary"
        onClick={() => onSetStatus(offer, offer.status === 'active' ? 'paused' : 'active')}
      >
        {offer.status === 'active' ? 'Pause' : 'Resume'}
      </button>
      <button
        type="button"
        className="button secondary"
        onClick={() => onSetStatus(offer, 'closed')}
      >
        Close
      </button>
    </span>
  );
}
