/** What a person looks for on the P2P market: the side they want, the pair, a method, an amount. */
import type { Ticker } from '../../../core/index.ts';

/** The market page's filter; `want` is the visitor's side, not the offer's. */
export interface OfferFilter {
  want: 'buy' | 'sell';
  asset: Ticker;
  fiat: string;
  /** A payment method's id, or empty for any. */
  method: string;
  /** A fiat amount as typed; used only once it reads as one. */
  amount: string;
}

/** The filter the market page opens with. */
export const FIRST_OFFER_FILTER: OfferFilter = {
  want: 'buy',
  asset: 'USDT',
  fiat: 'USD',
  method: '',
  amount: '',
};
