/**
 * buy.*: a quote for buying crypto by card (anyone), a purchase locked at it and paid on the
 * provider's page (account holders), the caller's purchases, and staff's refund.
 */
import { z } from 'zod';
import { cardProvider } from '../buy/providers.ts';
import { purchaseToWire, selectPurchases } from '../buy/purchaseRows.ts';
import { createPurchase, refundPurchase } from '../buy/purchases.ts';
import { cardRate, priceCardPurchase } from '../buy/quote.ts';
import { params, pattern, recordId, tickerField } from '../http/fields.ts';
import { decimalField } from '../trading/orderParams.ts';
import { defineMethod, type Method } from './registry.ts';

/** Most purchases a page lists. */
export const MAX_PURCHASES_PAGE = 100;

const quoteFields = {
  asset: tickerField(),
  usdAmount: decimalField('100').exactOptional(),
  amount: decimalField('0.01').exactOptional(),
};

const quote = defineMethod({
  name: 'buy.quote',
  access: 'public',
  params: params(quoteFields),
  async handler(request, { config, market }) {
    return { quote: priceCardPurchase(request, cardRate(market, request.asset), config.buy) };
  },
});

const create = defineMethod({
  name: 'buy.create',
  access: 'user',
  params: params({
    ...quoteFields,
    idempotencyKey: pattern(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, '-' or '_'"),
  }),
  async handler(request, { caller, db, config, market, events }) {
    const provider = cardProvider(db, config.buy);
    const row = await createPurchase(
      { db, market, settings: config.buy, provider },
      caller.user.id,
      request,
    );
    events.publish('wallet.balancesChanged', { userIds: [caller.user.id] });
    return { purchase: purchaseToWire(row) };
  },
});

const getMine = defineMethod({
  name: 'buy.getMine',
  access: 'user',
  params: params({
    limit: z.number().int().min(1).max(MAX_PURCHASES_PAGE).exactOptional(),
    before: recordId().exactOptional(),
  }),
  async handler(request, { caller, db }) {
    let query = selectPurchases(db)
      .where('p.user_id', '=', caller.user.id)
      .orderBy('p.id', 'desc')
      .limit(request.limit ?? 20);
    if (request.before !== undefined) query = query.where('p.id', '<', request.before);
    return { purchases: (await query.execute()).map(purchaseToWire) };
  },
});

const refund = defineMethod({
  name: 'buy.refund',
  access: 'staff',
  params: params({ id: recordId() }),
  async handler({ id }, { db, config, events }) {
    const row = await refundPurchase(db, cardProvider(db, config.buy), id);
    events.publish('wallet.balancesChanged', { userIds: [row.user_id] });
    return { purchase: purchaseToWire(row) };
  },
});

/** The buy.* methods. */
export const buyMethods: readonly Method[] = [quote, create, getMine, refund];
