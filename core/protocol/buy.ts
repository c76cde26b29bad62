/**
 * Buying crypto by card: a quote (the rate, the provider's fee and what the card is charged), a
 * purchase locked at that quote, paid on the card provider's page, and credited once the provider's
 * signed completion callback arrives. Amounts travel as exact decimal strings: USD with at most 2
 * decimals, crypto at the asset's precision.
 */
import type { Ticker } from './common.ts';

/**
 * Where a purchase stands: created (being handed to the provider), awaiting payment (the card
 * page is open), paid (the provider confirmed the payment), credited (the crypto is in the
 * account); or declined by the card's bank, expired before it was paid, or refunded.
 */
export type CardPurchaseStatus =
  | 'created'
  | 'awaitingPayment'
  | 'paid'
  | 'credited'
  | 'declined'
  | 'expired'
  | 'refunded';

/** What is bought: an amount of USD to spend (fee included), or an amount of the asset. */
export interface CardQuoteParams {
  asset: Ticker;
  /** What the card is charged, fee included, in USD (at most 2 decimals). */
  usdAmount?: string;
  /** What the account receives, in the asset (at most its precision's decimals). */
  amount?: string;
}

/** A price for a card purchase, as shown before paying. */
export interface CardQuote {
  asset: Ticker;
  /** USD per unit of the asset: 1 for USDT, the spot market's best ask otherwise. */
  rate: string;
  /** What buys the asset: the total less the fee, in USD. */
  spend: string;
  /** The provider's fee in USD: `feeRate` of the total plus `feeFixed`, rounded up to a cent. */
  fee: string;
  /** What the card is charged, in USD. */
  total: string;
  /** What the account receives, in the asset. */
  amount: string;
  /** The disclosed fee: a fraction of the total ("0.035" is 3.5 %) ... */
  feeRate: string;
  /** ... plus a fixed amount in USD. */
  feeFixed: string;
  /** The smallest and largest total a purchase may have, in USD. */
  minUsd: string;
  maxUsd: string;
  /** How long a purchase at this quote waits for its payment before it expires, in minutes. */
  paymentMinutes: number;
  /**
   * True when payments go to the built-in test provider (`CARD_PROVIDER=test`): no card is ever
   * charged, and its page takes only the published test card numbers.
   */
  testMode: boolean;
}

/** The card a purchase was paid with, as far as the product ever knows it. */
export interface PaymentCard {
  /** visa, mastercard, amex, … */
  brand: string;
  last4: string;
}

/** A card purchase as its owner sees it. */
export interface CardPurchase {
  id: number;
  asset: Ticker;
  /** What the account receives (or received). */
  amount: string;
  rate: string;
  fee: string;
  total: string;
  status: CardPurchaseStatus;
  /** Known once the provider reports the payment or its refusal. */
  card: PaymentCard | null;
  /** Why the payment was declined; null otherwise. */
  reason: string | null;
  /** Where the card is paid, while the purchase awaits payment; null otherwise. */
  paymentUrl: string | null;
  /** When an unpaid purchase expires, ISO 8601. */
  expiresAt: string;
  /** When it was created, ISO 8601. */
  time: string;
  /** When its status last changed, ISO 8601. */
  updatedAt: string;
}

/** What `buy.create` takes: a quote's choices and a key that makes a retry answer the first. */
export interface CreateCardPurchaseParams extends CardQuoteParams {
  /** Made by the client once per purchase the person confirms: a retry never buys twice. */
  idempotencyKey: string;
}

/** The card purchase methods, joined into the protocol's method map. */
export interface BuyMethods {
  /** The price of buying `usdAmount` worth (fee included) or `amount` of an asset by card. */
  'buy.quote': { params: CardQuoteParams; result: { quote: CardQuote } };
  /** Locks a quote into a purchase and opens the provider's payment step (`paymentUrl`). */
  'buy.create': { params: CreateCardPurchaseParams; result: { purchase: CardPurchase } };
  /** The caller's card purchases, newest first, `before` an id for the next page. */
  'buy.getMine': {
    params: { limit?: number; before?: number };
    result: { purchases: CardPurchase[] };
  };
  /** Staff: refunds a credited purchase whose crypto is still in the account. */
  'buy.refund': { params: { id: number }; result: { purchase: CardPurchase } };
}
