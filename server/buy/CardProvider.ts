/**
 * What the product needs from a card payment provider: open a payment for a purchase (a page
 * the payer is sent to, hosted by the provider, so card details never reach the product), read
 * the provider's signed completion callback, and refund a payment. The built-in test provider
 * (TestCardProvider) is the default; a real one implements the same four members.
 */
import type { PaymentCard } from '../../core/protocol/index.ts';
import type { CardProviderName } from './buySettings.ts';

/** A payment the product asks the provider to take. */
export interface PaymentRequest {
  purchaseId: number;
  /** What the card is charged, in USD (a decimal string with at most 2 decimals). */
  total: string;
  /** What the payer sees on the payment page ("0.0015 BTC"). */
  description: string;
  /** The product's page the payer's browser returns to once the payment is over. */
  returnPath: string;
  /** After this the provider takes no payment for it. */
  expiresAt: Date;
}

/** The provider's session for a payment, and where the payer pays it. */
export interface PaymentSession {
  sessionId: string;
  /** The provider's payment page (absolute, or a path of this server for the test provider). */
  paymentUrl: string;
}

/** What a completion callback reports about a payment session. */
export type PaymentEvent =
  | { type: 'payment.succeeded'; session: string; card: PaymentCard }
  | { type: 'payment.declined'; session: string; card: PaymentCard | null; reason: string };

/** A callback the provider did not sign, or signed too long ago: answered 400, never applied. */
export class CallbackRefused extends Error {
  override name = 'CallbackRefused';
}

/** A card payment provider. */
export interface CardProvider {
  readonly name: CardProviderName;
  /** Opens a payment session. */
  createPayment(request: PaymentRequest): Promise<PaymentSession>;
  /** The event a callback carries; CallbackRefused when its signature or shape is wrong. */
  readCallback(signature: string | undefined, body: string): Promise<PaymentEvent>;
  /** Refunds a succeeded payment in full; throws when the provider refuses. */
  refund(session: string): Promise<void>;
}
