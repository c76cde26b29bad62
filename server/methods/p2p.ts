/**
 * p2p.*: peer-to-peer offers and trades. Anyone lists the active offers and the catalogue they
 * name; an account holder with verified identity publishes offers and pauses, resumes or closes
 * them (a sell offer's crypto in escrow meanwhile), opens trades on others' offers and moves them
 * on from their side; staff decide disputes. See p2p/offers.ts and p2p/trades.ts.
 */

import { z } from 'zod';
import type { P2pTrade } from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import { params, pattern, recordId, tickerField, words } from '../http/fields.ts';
import { p2pCatalogue } from '../p2p/catalogue.ts';
import { chatSeat, listTradeMessages, tradeMessageToWire } from '../p2p/chat.ts';
import { markTradeChatRead, otherSideReadThrough, unreadTradeMessages } from '../p2p/chatReads.ts';
import {
  createOffer,
  listOffers,
  MAX_OFFERS_PAGE,
  merchantOffers,
  setOfferStatus,
} from '../p2p/offers.ts';
import { MAX_PAYMENT_METHODS } from '../p2p/offerTerms.ts';
import { myPaymentDetails, setPaymentDetails } from '../p2p/paymentDetails.ts';
import { fiatRates, referencePrice, setFiatRate } from '../p2p/pricing.ts';
import { tradeParties } from '../p2p/tradeRows.ts';
import {
  cancelTrade,
  disputedTrades,
  disputeTrade,
  MAX_TRADES_PAGE,
  markPaid,
  myTrades,
  openTrade,
  releaseTrade,
  resolveDispute,
  tradeFor,
} from '../p2p/trades.ts';
import { attachmentUrlKey } from '../support/secrets.ts';
import { decimalField } from '../trading/orderParams.ts';
import { defineMethod, type Method, type RequestContext } from './registry.ts';

/** Longest terms text of an offer, in characters. */
export const MAX_OFFER_TERMS = 1000;

const side = () => z.enum(['buy', 'sell']);
const fiat = () => pattern(/^[A-Z]{3}$/, 'a currency code such as "EUR"');
const fiatAmount = () => pattern(/^\d{1,20}(\.\d{1,2})?$/, 'an amount such as "250.50"');
const paymentMethod = () => pattern(/^[a-z-]{1,40}$/, 'a payment method id such as "sepa"');

const getCatalogue = defineMethod({
  name: 'p2p.getCatalogue',
  access: 'public',
  params: params({}),
  handler: async () => p2pCatalogue(),
});

const getOffers = defineMethod({
  name: 'p2p.getOffers',
  access: 'public',
  params: params({
    side: side().exactOptional(),
    asset: tickerField().exactOptional(),
    fiat: fiat().exactOptional(),
    paymentMethod: paymentMethod().exactOptional(),
    fiatAmount: fiatAmount().exactOptional(),
    limit: z.number().int().min(1).max(MAX_OFFERS_PAGE).exactOptional(),
  }),
  handler: async (filter, { db }) => ({ offers: await listOffers(db, filter) }),
});

const getFiatRates = defineMethod({
  name: 'p2p.getFiatRates',
  access: 'public',
  params: params({}),
  handler: async (_params, { db }) => ({ rates: await fiatRates(db) }),
});

const getReferencePrice = defineMethod({
  name: 'p2p.getReferencePrice',
  access: 'public',
  params: params({ asset: tickerField(), fiat: fiat() }),
  handler: async ({ asset, fiat }, { db }) => ({
    price: await referencePrice(db, asset, fiat),
  }),
});

const setRate = defineMethod({
  name: 'p2p.setFiatRate',
  access: 'staff',
  params: params({ fiat: fiat(), perUsdt: decimalField('0.92') }),
  async handler({ fiat, perUsdt }, { caller, db }) {
    await setFiatRate(db, caller.user.id, fiat, perUsdt);
    return { rates: await fiatRates(db) };
  },
});

const getMyOffers = defineMethod({
  name: 'p2p.getMyOffers',
  access: 'user',
  params: params({}),
  handler: async (_params, { caller, db }) => ({
    offers: await merchantOffers(db, caller.user.id),
  }),
});

const create = defineMethod({
  name: 'p2p.createOffer',
  access: 'user',
  params: params({
    side: side(),
    asset: tickerField(),
    fiat: fiat(),
    // One of the two; offerTerms.ts says so in words when both or neither come.
    price: decimalField('65000.5').exactOptional(),
    margin: decimalField('2.5').exactOptional(),
    amount: decimalField('0.5'),
    minFiat: decimalField('50'),
    maxFiat: decimalField('1000'),
    // How many are checked with the terms (offerTerms.ts), which says so in words.
    paymentMethods: z.array(paymentMethod()).max(MAX_PAYMENT_METHODS * 4),
    paymentWindowMinutes: z.number().int().min(1).max(1440),
    terms: words({ max: MAX_OFFER_TERMS, multiline: true }).exactOptional(),
  }),
  async handler(offer, { caller, db, events }) {
    const created = await createOffer(db, caller.user.id, offer);
    if (offer.side === 'sell')
      events.publish('wallet.balancesChanged', { userIds: [caller.user.id] });
    return { offer: created };
  },
});

const setStatus = defineMethod({
  name: 'p2p.setOfferStatus',
  access: 'user',
  params: params({ id: recordId(), status: z.enum(['active', 'paused', 'closed']) }),
  async handler({ id, status }, { caller, db, events }) {
    const offer = await setOfferStatus(db, caller.user.id, id, status);
    if (offer.side === 'sell')
      events.publish('wallet.balancesChanged', { userIds: [caller.user.id] });
    return { offer };
  },
});

/** Longest payment details of one method, in characters. */
export const MAX_PAYMENT_DETAILS = 500;

const getPaymentDetails = defineMethod({
  name: 'p2p.getPaymentDetails',
  access: 'user',
  params: params({}),
  handler: async (_params, { caller, db }) => ({
    details: await myPaymentDetails(db, caller.user.id),
  }),
});

const savePaymentDetails = defineMethod({
  name: 'p2p.setPaymentDetails',
  access: 'user',
  // `method` names the API method in every call's envelope, so the payment method has its own.
  params: params({
    paymentMethod: paymentMethod(),
    details: words({ max: MAX_PAYMENT_DETAILS, multiline: true }),
  }),
  handler: async (request, { caller, db }) => ({
    details: await setPaymentDetails(db, caller.user.id, request.paymentMethod, request.details),
  }),
});

/**
 * Tells both sides' open pages that a trade moved, and their wallets too when its escrow did
 * (opened, cancelled, released, returned).
 */
async function announceMove(
  { db, events }: Pick<RequestContext, 'db' | 'events'>,
  trade: P2pTrade,
  escrowMoved: boolean,
): Promise<void> {
  const userIds = await tradeParties(db, trade.id);
  if (escrowMoved) events.publish('wallet.balancesChanged', { userIds });
  events.publish('p2p.tradeMoved', { tradeId: trade.id, status: trade.status, userIds });
}

/** Longest reason of a dispute or of staff's decision, in characters. */
export const MAX_DISPUTE_REASON = 1000;

const open = defineMethod({
  name: 'p2p.openTrade',
  access: 'user',
  params: params({ offerId: recordId(), fiatAmount: fiatAmount() }),
  async handler(request, context) {
    const trade = await openTrade(context.db, context.caller.user.id, request);
    await announceMove(context, trade, true);
    return { trade };
  },
});

const getMyTrades = defineMethod({
  name: 'p2p.getMyTrades',
  access: 'user',
  params: params({
    limit: z.number().int().min(1).max(MAX_TRADES_PAGE).exactOptional(),
    before: recordId().exactOptional(),
  }),
  handler: async (page, { caller, db }) => ({ trades: await myTrades(db, caller.user.id, page) }),
});

const getTrade = defineMethod({
  name: 'p2p.getTrade',
  access: 'user',
  params: params({ id: recordId() }),
  handler: async ({ id }, { caller, db }) => ({
    trade: await tradeFor(db, { id: caller.user.id, isStaff: caller.user.status_id > 0 }, id),
  }),
});

const getTradeChat = defineMethod({
  name: 'p2p.getTradeChat',
  access: 'user',
  params: params({ id: recordId() }),
  async handler({ id }, { caller, db }) {
    const user = { id: caller.user.id, isStaff: caller.user.status_id > 0 };
    const seat = await chatSeat(db, user, id);
    // Someone else's trade reads as no trade at all.
    if (seat === null) throw refusal('trade.notFound');
    const key = await attachmentUrlKey(db);
    const rows = await listTradeMessages(db, id);
    return {
      messages: rows.map((row) => tradeMessageToWire(row, seat, key)),
      unread: await unreadTradeMessages(db, seat),
      seenThrough: await otherSideReadThrough(db, seat),
    };
  },
});

const markChatRead = defineMethod({
  name: 'p2p.markTradeChatRead',
  access: 'user',
  params: params({ id: recordId() }),
  async handler({ id }, { caller, db, events }) {
    const seat = await chatSeat(db, { id: caller.user.id, isStaff: caller.user.status_id > 0 }, id);
    if (seat === null) throw refusal('trade.notFound');
    const mark = await markTradeChatRead(db, seat);
    if (mark !== null) events.publish('p2p.tradeRead', { tradeId: id, ...mark });
    return {};
  },
});

const paid = defineMethod({
  name: 'p2p.markPaid',
  access: 'user',
  params: params({ id: recordId() }),
  async handler({ id }, context) {
    const trade = await markPaid(context.db, context.caller.user.id, id);
    await announceMove(context, trade, false);
    return { trade };
  },
});

const cancel = defineMethod({
  name: 'p2p.cancelTrade',
  access: 'user',
  params: params({ id: recordId() }),
  async handler({ id }, context) {
    const trade = await cancelTrade(context.db, context.caller.user.id, id);
    await announceMove(context, trade, true);
    return { trade };
  },
});

const release = defineMethod({
  name: 'p2p.releaseTrade',
  access: 'user',
  params: params({ id: recordId(), code: words({ max: 32 }).exactOptional() }),
  async handler(request, context) {
    const { db, config, limits } = context;
    const twoFactor = { db, key: config.twoFactorKey, limits };
    const trade = await releaseTrade({ db, twoFactor }, context.caller.user.id, request);
    await announceMove(context, trade, true);
    return { trade };
  },
});

const dispute = defineMethod({
  name: 'p2p.disputeTrade',
  access: 'user',
  params: params({ id: recordId(), reason: words({ max: MAX_DISPUTE_REASON, multiline: true }) }),
  async handler({ id, reason }, context) {
    const trade = await disputeTrade(context.db, context.caller.user.id, id, reason);
    await announceMove(context, trade, false);
    return { trade };
  },
});

const getDisputes = defineMethod({
  name: 'p2p.getDisputes',
  access: 'staff',
  params: params({}),
  handler: async (_params, { caller, db }) => ({
    trades: await disputedTrades(db, caller.user.id),
  }),
});

const resolve = defineMethod({
  name: 'p2p.resolveDispute',
  access: 'staff',
  params: params({
    id: recordId(),
    to: z.enum(['buyer', 'seller']),
    reason: words({ max: MAX_DISPUTE_REASON, multiline: true }),
  }),
  async handler(decision, context) {
    const trade = await resolveDispute(context.db, context.caller.user.id, decision);
    await announceMove(context, trade, true);
    return { trade };
  },
});

/** The p2p.* methods. */
export const p2pMethods: readonly Method[] = [
  getCatalogue,
  getFiatRates,
  getReferencePrice,
  setRate,
  getOffers,
  getMyOffers,
  create,
  setStatus,
  open,
  getMyTrades,
  getTrade,
  getTradeChat,
  markChatRead,
  paid,
  cancel,
  release,
  dispute,
  getDisputes,
  resolve,
  getPaymentDetails,
  savePaymentDetails,
];
