/**
 * A small batch's rows, carried in its news (marketCommits.ts): each changed order's columns that
 * never change once placed, and the batch's trades whole. A follower that gets them takes the
 * batch as it is, without reading it back from the database, so the batch reaches its sockets one
 * notification after the commit rather than one notification and two queries after. Only a batch
 * whose news fits one notification with its rows carries them; a larger one goes out without and
 * is read back by id (marketCommits.ts takes either).
 */
import { type OrderRow, plain, UNTOUCHED } from './orderRows.ts';
import type { MarketBatch } from './Publisher.ts';
import type { TradesTable } from './TradingTables.ts';

/**
 * An order's columns that never change once placed: id, account, pair, side, type, price, stop
 * price, amount, total, spend cap, time in force, post-only, self-trade mode, client order id and
 * when it was placed (ms).
 */
export type PlacedColumns = [
  id: number,
  userId: number,
  pair: string,
  side: OrderRow['side'],
  type: OrderRow['type'],
  price: number | null,
  stopPrice: number | null,
  amount: number | null,
  total: number | null,
  spendCap: number | null,
  timeInForce: OrderRow['time_in_force'],
  postOnly: boolean,
  selfTrade: string,
  clientOrderId: string | null,
  createdAt: number,
];

/**
 * A trade whole: id, pair, its seq in the pair, price, amount, taker's side, maker's and taker's
 * orders and accounts, their fees (plain decimals), when it was made (ms) and whether backdated.
 */
export type TradeColumns = [
  id: number,
  pair: string,
  seq: number,
  price: number,
  amount: number,
  takerSide: TradesTable['taker_side'],
  makerOrderId: number,
  takerOrderId: number,
  makerUserId: number,
  takerUserId: number,
  makerFee: string,
  takerFee: string,
  createdAt: number,
  backdated: boolean,
];

/** A batch's rows as its news carries them: `placed` in the order of the news's `orders`. */
export type CarriedRows = { placed: PlacedColumns[]; trades: TradeColumns[] };

/** The rows of a batch, to carry in its news. */
export function carriedRows(batch: MarketBatch): CarriedRows {
  return { placed: batch.orders.map(placedOf), trades: batch.trades.map(tradeColumnsOf) };
}

function placedOf(row: OrderRow): PlacedColumns {
  return [
    row.id,
    row.user_id,
    row.pair,
    row.side,
    row.type,
    row.price,
    row.stop_price,
    row.amount,
    row.total,
    row.spend_cap,
    row.time_in_force,
    row.post_only,
    row.self_trade,
    row.client_order_id,
    row.created_at.getTime(),
  ];
}

/** An order's fixed columns as a row as placed; the news's state sets the rest. */
export function placedRow(placed: PlacedColumns): OrderRow {
  const [id, userId, pair, side, type, price, stopPrice, amount, total, spendCap] = placed;
  const [, , , , , , , , , , timeInForce, postOnly, selfTrade, clientOrderId, createdAt] = placed;
  return {
    id,
    user_id: userId,
    pair,
    side,
    type,
    price,
    stop_price: stopPrice,
    amount,
    total,
    spend_cap: spendCap,
    time_in_force: timeInForce,
    post_only: postOnly,
    self_trade: selfTrade,
    client_order_id: clientOrderId,
    ...UNTOUCHED,
    created_at: new Date(createdAt),
    updated_at: new Date(createdAt),
  };
}

function tradeColumnsOf(trade: TradesTable): TradeColumns {
  return [
    trade.id,
    trade.pair,
    trade.seq,
    trade.price,
    trade.amount,
    trade.taker_side,
    trade.maker_order_id,
    trade.taker_order_id,
    trade.maker_user_id,
    trade.taker_user_id,
    plain(trade.maker_fee),
    plain(trade.taker_fee),
    trade.created_at.getTime(),
    trade.backdated,
  ];
}

/** A carried trade as its row. */
export function tradeRow(columns: TradeColumns): TradesTable {
  const [id, pair, seq, price, amount, takerSide, makerOrderId, takerOrderId] = columns;
  const [, , , , , , , , makerUserId, takerUserId, makerFee, takerFee, createdAt, backdated] =
    columns;
  return {
    id,
    pair,
    seq,
    price,
    amount,
    taker_side: takerSide,
    maker_order_id: makerOrderId,
    taker_order_id: takerOrderId,
    maker_user_id: makerUserId,
    taker_user_id: takerUserId,
    maker_fee: makerFee,
    taker_fee: takerFee,
    created_at: new Date(createdAt),
    backdated,
  };
}
