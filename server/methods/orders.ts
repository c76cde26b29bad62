/**
 * orders.* and trades.getMine: placing and cancelling spot orders, and reading one's own orders
 * and fills. Placing answers only after the order, its fills and their ledger entries are stored.
 */
import { z } from 'zod';
import { refusal } from '../errors/DomainError.ts';
import { params } from '../http/fields.ts';
import type { OrderRef } from '../trading/Command.ts';
import { DEFAULT_SELF_TRADE } from '../trading/engine/index.ts';
import { requireOrder } from '../trading/orderLookup.ts';
import {
  clientOrderIdField,
  decimalField,
  draftOf,
  pairField,
  pairOf,
  sinceField,
} from '../trading/orderParams.ts';
import { ownFills, toWire } from '../trading/orderRows.ts';
import { defineMethod, type Method } from './registry.ts';

/** Most orders or trades a history page holds. */
export const MAX_HISTORY = 500;

const orderId = () => z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const page = {
  pair: pairField().exactOptional(),
  limit: z.number().int().min(1).max(MAX_HISTORY).exactOptional(),
  before: orderId().exactOptional(),
  since: sinceField().exactOptional(),
};

const place = defineMethod({
  name: 'orders.place',
  access: 'user',
  params: params({
    pair: pairField(),
    side: z.enum(['buy', 'sell']),
    type: z.enum(['limit', 'market', 'stopLimit', 'stopMarket']),
    price: decimalField('65000.5').exactOptional(),
    amount: decimalField('0.5').exactOptional(),
    total: decimalField('100').exactOptional(),
    stopPrice: decimalField('64000').exactOptional(),
    timeInForce: z.enum(['GTC', 'IOC', 'FOK']).exactOptional(),
    postOnly: z.boolean().exactOptional(),
    selfTrade: z.enum(['none', 'expireTaker', 'expireMaker', 'expireBoth']).exactOptional(),
    clientOrderId: clientOrderIdField().exactOptional(),
  }),
  async handler(params, { caller, market }) {
    const { pair, draft } = draftOf(params);
    const row = await market.place(caller.user.id, pair, {
      ...draft,
      selfTrade: draft.selfTrade ?? DEFAULT_SELF_TRADE,
    });
    return { order: toWire(row), replay: row.replay === true };
  },
});

/** An order by `id` or by `clientOrderId`: exactly one of the two. */
const orderRef = {
  id: orderId().exactOptional(),
  clientOrderId: clientOrderIdField().exactOptional(),
};

/** The reference the params give; `order.refRequired` unless exactly one is given. */
function refOf(params: { id?: number; clientOrderId?: string }): OrderRef {
  if (params.id !== undefined && params.clientOrderId === undefined) return { id: params.id };
  if (params.clientOrderId !== undefined && params.id === undefined) {
    return { clientOrderId: params.clientOrderId };
  }
  throw refusal('order.refRequired');
}

const cancel = defineMethod({
  name: 'orders.cancel',
  access: 'user',
  params: params(orderRef),
  async handler(params, { caller, market }) {
    return { order: toWire(await market.cancel(caller.user.id, refOf(params))) };
  },
});

const get = defineMethod({
  name: 'orders.get',
  access: 'user',
  params: params(orderRef),
  async handler(params, { caller, db }) {
    return { order: toWire(await requireOrder(db, caller.user.id, refOf(params))) };
  },
});

const cancelAll = defineMethod({
  name: 'orders.cancelAll',
  access: 'user',
  params: params({ pair: pairField().exactOptional() }),
  async handler(params, { caller, market }) {
    const pair = params.pair === undefined ? null : pairOf(params.pair);
    return { orders: (await market.cancelAll(caller.user.id, pair)).map(toWire) };
  },
});

const getOpen = defineMethod({
  name: 'orders.getOpen',
  access: 'user',
  params: params({ pair: pairField().exactOptional() }),
  async handler(params, { caller, market }) {
    const pair = params.pair === undefined ? null : pairOf(params.pair);
    return { orders: (await market.currentOpenOrders(caller.user.id, pair)).map(toWire) };
  },
});

const getHistory = defineMethod({
  name: 'orders.getHistory',
  access: 'user',
  params: params(page),
  async handler(params, { caller, db }) {
    let query = db
      .selectFrom('orders')
      .selectAll()
      .where('user_id', '=', caller.user.id)
      // Newest first, or oldest first from `since` on, to page forward.
      .orderBy('id', params.since === undefined ? 'desc' : 'asc')
      .limit(params.limit ?? 50);
    if (params.pair !== undefined) query = query.where('pair', '=', params.pair);
    if (params.before !== undefined) query = query.where('id', '<', params.before);
    if (params.since !== undefined) query = query.where('created_at', '>=', new Date(params.since));
    return { orders: (await query.execute()).map(toWire) };
  },
});

const getMine = defineMethod({
  name: 'trades.getMine',
  access: 'user',
  params: params(page),
  async handler(params, { caller, db }) {
    const me = caller.user.id;
    let query = db
      .selectFrom('trades')
      .selectAll()
      .where((eb) => eb.or([eb('maker_user_id', '=', me), eb('taker_user_id', '=', me)]))
      .orderBy('id', params.since === undefined ? 'desc' : 'asc')
      .limit(params.limit ?? 50);
    if (params.pair !== undefined) query = query.where('pair', '=', params.pair);
    if (params.before !== undefined) query = query.where('id', '<', params.before);
    if (params.since !== undefined) query = query.where('created_at', '>=', new Date(params.since));
    const rows = await query.execute();
    const trades = rows.flatMap((row) => ownFills(row, me));
    return { trades };
  },
});

/** The orders.* and trades.* methods. */
export const orderMethods: readonly Method[] = [
  place,
  cancel,
  get,
  cancelAll,
  getOpen,
  getHistory,
  getMine,
];
