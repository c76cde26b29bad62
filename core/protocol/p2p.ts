/**
 * Peer-to-peer trading: merchants publish offers to buy or sell crypto for local money. A sell
 * offer's crypto is held in escrow through the ledger while it is published. Amounts travel as
 * exact decimal strings: crypto at its asset's precision, fiat with at most two decimals.
 */
import type { Ticker } from '../protocol.ts';

/** What the merchant does with the crypto: sells it for fiat, or buys it with fiat. */
export type P2pSide = 'buy' | 'sell';

/** An offer is listed while active; paused it is not (its escrow released); closed for good. */
export type P2pOfferStatus = 'active' | 'paused' | 'closed';

/** A way to pay fiat the exchange lists; a merchant's own details stay private. */
export interface P2pPaymentMethod {
  id: string;
  name: string;
}

/** What offers may name: the assets, fiat currencies, payment methods and payment windows. */
export interface P2pCatalogue {
  assets: Ticker[];
  /** ISO 4217 codes. */
  fiats: string[];
  paymentMethods: P2pPaymentMethod[];
  /** Minutes a buyer has to pay once a trade opens. */
  paymentWindows: number[];
}

/** An offer as everyone sees it. */
export interface P2pOffer {
  id: number;
  merchant: { login: string };
  side: P2pSide;
  asset: Ticker;
  fiat: string;
  /** Fiat per one unit of the asset. */
  price: string;
  /** Fiat per trade, at least and at most. */
  minFiat: string;
  maxFiat: string;
  /** Crypto still on offer (held in escrow while a sell offer is active). */
  available: string;
  paymentMethods: string[];
  paymentWindowMinutes: number;
  terms: string;
  status: P2pOfferStatus;
  createdAt: string;
}

/** What `p2p.createOffer` takes. */
export interface CreateP2pOfferParams {
  side: P2pSide;
  asset: Ticker;
  fiat: string;
  price: string;
  /** The crypto offered (sell) or wanted (buy) in all. */
  amount: string;
  minFiat: string;
  maxFiat: string;
  paymentMethods: string[];
  paymentWindowMinutes: number;
  terms?: string;
}

/** What `p2p.getOffers` filters by; all optional. */
export interface P2pOfferFilter {
  side?: P2pSide;
  asset?: Ticker;
  fiat?: string;
  paymentMethod?: string;
  /** Only offers whose per-trade limits allow this much fiat. */
  fiatAmount?: string;
  limit?: number;
}

/** The P2P methods, joined into the protocol's method map. */
export interface P2pMethods {
  /** Public: what offers may name. */
  'p2p.getCatalogue': { params: Record<string, never>; result: P2pCatalogue };
  /** Public: active offers, cheapest first for sell offers and dearest first for buy offers. */
  'p2p.getOffers': { params: P2pOfferFilter; result: { offers: P2pOffer[] } };
  /** The caller's offers, newest first, closed ones included. */
  'p2p.getMyOffers': { params: Record<string, never>; result: { offers: P2pOffer[] } };
  /** Publishes an offer; a sell offer's amount goes into escrow at once. */
  'p2p.createOffer': { params: CreateP2pOfferParams; result: { offer: P2pOffer } };
  /** Pauses (escrow released), resumes (held again) or closes the caller's offer. */
  'p2p.setOfferStatus': {
    params: { id: number; status: P2pOfferStatus };
    result: { offer: P2pOffer };
  };
}
