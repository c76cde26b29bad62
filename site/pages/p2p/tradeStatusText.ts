/** Where a P2P trade stands, in words. */
import type { P2pTrade } from '../../../core/index.ts';

/** The sentence a trade card shows for each trade status. */
export const TRADE_STATUS_TEXT: Record<P2pTrade['status'], string> = {
  opened: 'Waiting for the payment',
  paid: 'Paid: waiting for the seller to release',
  disputed: 'In dispute: staff will decide',
  released: 'Released to the buyer',
  cancelled: 'Cancelled by the buyer',
  expired: 'Expired unpaid',
  returned: 'Returned to the seller by staff',
};
