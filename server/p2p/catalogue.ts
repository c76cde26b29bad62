/**
 * What P2P offers may name: the fiat currencies and payment methods the exchange lists, and the
 * payment windows a merchant picks from. Lists, not free text, so a buyer filtering by "SEPA"
 * finds every SEPA offer and nobody is asked to pay by a method only its merchant knows.
 */
import {
  ASSETS,
  type P2pCatalogue,
  type P2pPaymentMethod,
  QUOTE,
} from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';

/** Fiat currencies offers are priced in (ISO 4217). */
export const FIATS = [
  'USD',
  'EUR',
  'GBP',
  'TRY',
  'BRL',
  'INR',
  'NGN',
  'ARS',
  'UAH',
  'VND',
] as const;

/** Refuses a fiat currency the exchange does not list, naming those it does. */
export function checkFiat(fiat: string): void {
  if (!(FIATS as readonly string[]).includes(fiat)) {
    throw refusal('offer.unlistedFiat', { fiats: FIATS.join(', ') });
  }
}

/** Payment methods, by id. */
export const PAYMENT_METHODS: readonly P2pPaymentMethod[] = [
  { id: 'bank', name: 'Bank transfer' },
  { id: 'sepa', name: 'SEPA transfer' },
  { id: 'faster-payments', name: 'Faster Payments' },
  { id: 'wise', name: 'Wise' },
  { id: 'revolut', name: 'Revolut' },
  { id: 'paypal', name: 'PayPal' },
  { id: 'zelle', name: 'Zelle' },
  { id: 'pix', name: 'PIX' },
  { id: 'upi', name: 'UPI' },
  { id: 'cash', name: 'Cash in person' },
];

/** Minutes a buyer may take to pay once a trade opens. */
export const PAYMENT_WINDOWS = [15, 30, 45, 60] as const;

/** The catalogue as p2p.getCatalogue answers it. */
export function p2pCatalogue(): P2pCatalogue {
  return {
    assets: [...ASSETS, QUOTE],
    fiats: [...FIATS],
    paymentMethods: [...PAYMENT_METHODS],
    paymentWindows: [...PAYMENT_WINDOWS],
  };
}
