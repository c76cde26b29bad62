/**
 * Orders between the three forms they take: the row the database keeps, the engine's request
 * and open-order record, and the order the API answers with (decimal strings, never numbers).
 */

import { errorText } from '../../core/errors/index.ts';
import { addDecimals, formatDecimal, parseDecimal } from '../../core/markets/decimal.ts';
import { PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import { fromLots, fromNotional, fromTicks } from '../../core/markets/units.ts';
import type { OwnTrade, SpotOrder } from '../../core/protocol/index.ts';
import type {
  OpenOrderRecord,
  OrderReason,
  OrderRequest,
  OrderUpdate,
  SelfTradeMode,
} from './engine/index.ts';
import { reasonCode } from './reasonCode.ts';
import type { OrdersTable, TradesTable } from './TradingTables.ts';

/**
 * An order row as the market keeps it in memory and writes it back. `replay` is set (and never
 * stored) only on the answer to placing a client order id again with the same parameters: the
 * order is the one placed before, and nothing new was placed.
 */
export type OrderRow = OrdersTable & { replay?: true };

/** What placing an order names, as a row stores it; a client order id again must name the same. */
const PLACED_AS = [
  'pair',
  'side',
  'type',
  'price',
  'stop_price',
  'amount',
  'total',
  'time_in_force',
  'post_only',
  'self_trade',
] as const satisfies readonly (keyof OrderRow)[];

/** Whether a stored order was placed with what `request` asks for (its id and time aside). */
export function placedAs(row: OrderRow, pair: PairSymbol, request: OrderRequest): boolean {
  const asked = rowOf(pair, request, row.created_at);
  return PLACED_AS.every((key) => asked[key] === row[key]);
}

/** The engine's request for an order row (the order as it was placed). */
export function requestOf(row: OrderRow): OrderRequest {
  const base = {
    id: row.id,
    accountId: row.user_id,
    side: row.side,
    at: row.created_at.getTime(),
    selfTrade: row.self_trade as SelfTradeMode,
    ...(row.client_order_id === null ? {} : { clientOrderId: row.client_order_id }),
  };
  const limit = {
    priceTicks: row.price ?? 0,
    lots: row.amount ?? 0,
    timeInForce: row.time_in_force,
    postOnly: row.post_only,
  };
  // A buy by amount is bounded by the cap the market gave it, as when it was placed.
  const bound = row.total ?? row.spend_cap;
  const market = {
    ...(row.amount === null ? {} : { lots: row.amount }),
    ...(bound === null ? {} : { total: bound }),
  };
  switch (row.type) {
    case 'limit':
      return { ...base, ...limit, type: 'limit' };
    case 'stopLimit':
      return { ...base, ...limit, type: 'stopLimit', stopTicks: row.stop_price ?? 0 };
    case 'market':
      return { ...base, ...market, type: 'market' };
    case 'stopMarket':
      return { ...base, ...market, type: 'stopMarket', stopTicks: row.stop_price ?? 0 };
  }
}

/** The record the engine restores an open order from. */
export function recordOf(row: OrderRow): OpenOrderRecord {
  return {
    request: requestOf(row),
    filledLots: row.filled,
    filledNotional: row.filled_value,
    priority: row.priority,
    triggered: row.triggered,
  };
}

/** The state of an order no batch has touched yet: new, nothing filled, no fee. */
export const UNTOUCHED = {
  status: 'new',
  reason: null,
  filled: 0,
  filled_value: 0,
  fee: '0',
  last_fill_at: null,
  priority: 0,
  triggered: false,
} as const satisfies Partial<OrderRow>;

/**
 * A new row for a request the engine accepted. `capped`: the request's total is the bound the
 * market gave a buy by amount (spend_cap), not a total the caller sent.
 */
export function rowOf(pair: PairSymbol, request: OrderRequest, at: Date, capped = false): OrderRow {
  const limit = request.type === 'limit' || request.type === 'stopLimit';
  const total = limit ? null : (request.total ?? null);
  return {
    id: request.id,
    user_id: request.accountId,
    pair,
    side: request.side,
    type: request.type,
    price: limit ? request.priceTicks : null,
    stop_price: 'stopTicks' in request ? request.stopTicks : null,
    amount: limit ? request.lots : (request.lots ?? null),
    total: capped ? null : total,
    spend_cap: capped ? total : null,
    time_in_force: limit ? (request.timeInForce ?? 'GTC') : 'IOC',
    post_only: limit ? request.postOnly === true : false,
    self_trade: request.selfTrade ?? 'expireTaker',
    client_order_id: request.clientOrderId ?? null,
    ...UNTOUCHED,
    created_at: at,
    updated_at: at,
  };
}

/** Applies an engine update to a row. */
export function applyUpdate(row: OrderRow, update: OrderUpdate, at: Date): void {
  if (update.status === 'rejected') throw new Error(`order ${row.id}: a stored order was rejected`);
  row.status = update.status;
  row.reason = update.reason;
  row.filled = update.filledLots;
  row.filled_value = update.filledNotional;
  if (update.priority > 0) row.priority = update.priority;
  row.updated_at = at;
}

/** Adds one fill's fee to a row, and its time. */
export function addFill(row: OrderRow, fee: string, at: Date): void {
  row.fee = addDecimals(row.fee, plain(fee));
  row.last_fill_at = at;
}

/** Whether a row's order is still open (resting, or a stop still waiting). */
export function isOpen(row: { status: string }): boolean {
  return row.status === 'new' || row.status === 'partiallyFilled';
}

/** The order as the API shows it. */
export function toWire(row: OrderRow): SpotOrder {
  const pair = PAIRS[row.pair as PairSymbol];
  // The mean price of the fills (their value over their amount, both integers), four digits
  // finer than the price's decimals, cut rather than rounded.
  const average =
    row.filled > 0
      ? formatDecimal(
          (BigInt(row.filled_value) * pair.tickUnits * 10_000n) / BigInt(row.filled),
          pair.priceDecimals + 4,
        )
      : null;
  return {
    id: row.id,
    pair: row.pair as PairSymbol,
    side: row.side,
    type: row.type,
    price: row.price === null ? null : fromTicks(pair, row.price),
    stopPrice: row.stop_price === null ? null : fromTicks(pair, row.stop_price),
    amount: row.amount === null ? null : fromLots(pair, row.amount),
    total: row.total === null ? null : fromNotional(pair, row.total),
    filled: fromLots(pair, row.filled),
    filledTotal: fromNotional(pair, row.filled_value),
    averagePrice: average,
    fee: plain(row.fee),
    feeAsset: row.side === 'buy' ? pair.base : 'USDT',
    lastFillAt: row.last_fill_at === null ? null : row.last_fill_at.getTime(),
    timeInForce: row.time_in_force,
    postOnly: row.post_only,
    selfTrade: row.self_trade as SelfTradeMode,
    clientOrderId: row.client_order_id,
    status: row.status,
    reason: row.reason === null ? null : errorText(reasonCode(row.reason as OrderReason)),
    triggered: row.triggered,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A stored decimal without the column's trailing zeros ("0.000200000000000000" → "0.0002"). */
export function plain(decimal: string): string {
  const parsed = parseDecimal(decimal);
  return typeof parsed === 'string' ? decimal : formatDecimal(parsed.units, parsed.decimals);
}

/**
 * A trade as the fills of one account: one, or two for a trade with oneself (self-trade
 * prevention off): the taker's, then the maker's.
 */
export function ownFills(row: TradesTable, userId: number): OwnTrade[] {
  const spec = PAIRS[row.pair as PairSymbol];
  const fill = (role: 'maker' | 'taker'): OwnTrade => {
    const side = role === 'taker' ? row.taker_side : row.taker_side === 'buy' ? 'sell' : 'buy';
    return {
      id: row.id,
      pair: spec.symbol,
      orderId: role === 'taker' ? row.taker_order_id : row.maker_order_id,
      side,
      role,
      price: fromTicks(spec, row.price),
      amount: fromLots(spec, row.amount),
      total: fromNotional(spec, row.price * row.amount),
      fee: plain(role === 'taker' ? row.taker_fee : row.maker_fee),
      feeTicker: side === 'buy' ? spec.base : 'USDT',
      time: row.created_at.toISOString(),
    };
  };
  return [
    ...(row.taker_user_id === userId ? [fill('taker')] : []),
    ...(row.maker_user_id === userId ? [fill('maker')] : []),
  ];
}
