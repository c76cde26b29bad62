/**
 * Peer-to-peer trading: merchants publish offers to buy or sell crypto for local money. A sell
 * offer's crypto is held in escrow through the ledger while it is published. Amounts travel as
 * exact decimal strings: crypto at its asset's precision, fiat with at most two decimals.
 */
import type { Ticker } from './common.ts';
import type { SupportMessage } from './support.ts';

/** What the merchant does with the crypto: sells it for fiat, or buys it with fiat. */
export type P2pSide = 'buy' | 'sell';

/** An offer is listed while active; paused it is not (its escrow released); closed for good. */
export type P2pOfferStatus = 'active' | 'paused' | 'closed';

/** A way to pay fiat the exchange lists; a merchant's own details stay private. */
export interface P2pPaymentMethod {
  id: string;
  name: string;
}

/** Where a seller is paid by one method: private, shown only within a trade under way. */
export interface P2pPaymentDetails {
  method: string;
  details: string;
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

/** What one USDT is worth in a fiat, as staff keep it: a margin offer's reference. */
export interface P2pFiatRate {
  fiat: string;
  perUsdt: string;
  updatedAt: string;
}

/** A merchant's record, shown with each offer. */
export interface P2pMerchant {
  login: string;
  /** Trades the merchant took part in that were released to the buyer. */
  completedTrades: number;
  /**
   * Of the merchant's ended trades, the whole percent that completed (rounded down), leaving out
   * those that failed through the other side (a buyer who cancelled, let the window pass, or lost
   * a dispute, when the merchant sold); null before any trade ended.
   */
  completionPercent: number | null;
}

/** An offer as everyone sees it. */
export interface P2pOffer {
  id: number;
  merchant: P2pMerchant;
  side: P2pSide;
  asset: Ticker;
  fiat: string;
  /**
   * Fiat per one unit of the asset now: fixed, or the reference price moved by `margin`; null for
   * a margin offer while its fiat has no reference rate (only its merchant sees such an offer).
   */
  price: string | null;
  /** Percent over the reference price for a margin offer; null for a fixed price. */
  margin: string | null;
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
  /** A fixed price in fiat per unit; or else `margin`. */
  price?: string;
  /** Percent over the reference price (negative: under it), -20 to 20 with 2 decimals. */
  margin?: string;
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

/**
 * Where a trade stands: opened (its crypto in escrow, the buyer to pay within the window), paid
 * (the buyer says the fiat is sent), disputed (a side asked staff to decide; the escrow stays),
 * then released to the buyer, cancelled by the buyer before paying, expired unpaid, or returned
 * to the seller by staff.
 */
export type P2pTradeStatus =
  | 'opened'
  | 'paid'
  | 'disputed'
  | 'released'
  | 'cancelled'
  | 'expired'
  | 'returned';

/** A trade as its two sides (and staff in a dispute) see it. */
export interface P2pTrade {
  id: number;
  offerId: number;
  asset: Ticker;
  fiat: string;
  price: string;
  /** The crypto in escrow. */
  amount: string;
  /** Taken from it on release: the buyer receives `amount` less `fee`. */
  fee: string;
  fiatAmount: string;
  buyer: { login: string };
  seller: { login: string };
  /** The caller's side of it; null for staff looking at others' trades. */
  yourSide: 'buyer' | 'seller' | null;
  status: P2pTradeStatus;
  /** The buyer pays by then, ISO 8601; the trade expires after it while unpaid. */
  payBy: string;
  paymentMethods: string[];
  /** Where the buyer pays: the seller's details for the offer's methods, while under way. */
  paymentDetails: P2pPaymentDetails[] | null;
  terms: string;
  disputeReason: string | null;
  /** Which side opened the dispute. */
  disputedBy: 'buyer' | 'seller' | null;
  /** Staff's reason when they decided a dispute. */
  resolution: string | null;
  createdAt: string;
  /** When the buyer marked it paid, it was disputed, and it ended (null until then). */
  paidAt: string | null;
  disputedAt: string | null;
  endedAt: string | null;
  updatedAt: string;
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
  /** What one USDT is worth in each fiat that has a rate: margin offers' reference. */
  'p2p.getFiatRates': { params: Record<string, never>; result: { rates: P2pFiatRate[] } };
  /** The reference price of an asset in a fiat now (null without a rate). */
  'p2p.getReferencePrice': {
    params: { asset: Ticker; fiat: string };
    result: { price: string | null };
  };
  /** Staff: what one USDT is worth in a fiat; every margin offer in it follows at once. */
  'p2p.setFiatRate': {
    params: { fiat: string; perUsdt: string };
    result: { rates: P2pFiatRate[] };
  };
  /** Opens a trade on an offer for `fiatAmount`: the crypto goes into escrow at once. */
  'p2p.openTrade': { params: { offerId: number; fiatAmount: string }; result: { trade: P2pTrade } };
  /** The caller's trades, either side, newest first. */
  'p2p.getMyTrades': {
    params: { limit?: number; before?: number };
    result: { trades: P2pTrade[] };
  };
  /** One trade, to its sides (and staff). */
  'p2p.getTrade': { params: { id: number }; result: { trade: P2pTrade } };
  /**
   * A trade's chat, oldest first: its sides, and staff once it has been disputed. `unread`
   * counts the messages others wrote that the caller has not read (always 0 for staff);
   * `seenThrough` is the id of the newest message the caller's other side has read (null: none
   * yet, and always for staff): "Seen" goes under the caller's last own message up to it.
   */
  'p2p.getTradeChat': {
    params: { id: number };
    result: { messages: SupportMessage[]; unread: number; seenThrough: string | null };
  };
  /**
   * A side of the trade has read its chat as it stands (it is open and in view): the other side's
   * sockets on it hear TRADE_READ_MESSAGE. Staff reading a disputed trade mark nothing.
   */
  'p2p.markTradeChatRead': { params: { id: number }; result: Record<string, never> };
  /** The buyer: the fiat is sent. */
  'p2p.markPaid': { params: { id: number }; result: { trade: P2pTrade } };
  /** The buyer, before paying: the escrow goes back to the seller. */
  'p2p.cancelTrade': { params: { id: number }; result: { trade: P2pTrade } };
  /** The seller, once paid: the crypto goes to the buyer (the two-factor code when it is on). */
  'p2p.releaseTrade': { params: { id: number; code?: string }; result: { trade: P2pTrade } };
  /** Either side, once paid: staff decide; the escrow stays until they do. */
  'p2p.disputeTrade': { params: { id: number; reason: string }; result: { trade: P2pTrade } };
  /** Staff: the disputed trades, oldest first. */
  'p2p.getDisputes': { params: Record<string, never>; result: { trades: P2pTrade[] } };
  /** Staff: release a disputed trade to the buyer, or return it to the seller, with a reason. */
  'p2p.resolveDispute': {
    params: { id: number; to: 'buyer' | 'seller'; reason: string };
    result: { trade: P2pTrade };
  };
  /** The caller's payment details, by method. */
  'p2p.getPaymentDetails': {
    params: Record<string, never>;
    result: { details: P2pPaymentDetails[] };
  };
  /** Saves the details of one payment method (empty: removes them). */
  'p2p.setPaymentDetails': {
    params: { paymentMethod: string; details: string };
    result: { details: P2pPaymentDetails[] };
  };
  /** Pauses (escrow released), resumes (held again) or closes the caller's offer. */
  'p2p.setOfferStatus': {
    params: { id: number; status: P2pOfferStatus };
    result: { offer: P2pOffer };
  };
}
