/**
 * The settlement driver: what one engine operation did, applied to a batch. The settler
 * (settlement.ts) turns the events into postings and trades; here they join the batch's writes,
 * and the open orders in memory take their new state.
 */
import type { PairSymbol } from '../../core/markets/pairs.ts';
import type { Batch } from './Batch.ts';
import type { EngineEvent, OrderUpdate } from './engine/index.ts';
import type { MarketState } from './MarketState.ts';
import { addFill, applyUpdate, isOpen } from './orderRows.ts';
import type { SettledTrade } from './settlement.ts';
import type { TradesTable } from './TradingTables.ts';

/** Applies an operation's events to the batch: postings, order rows, trades, last prices. */
export function settleEvents(
  state: MarketState,
  pair: PairSymbol,
  events: readonly EngineEvent[],
  batch: Batch,
): void {
  const settlement = state.settler(pair).settle(events, state.held);
  for (const posting of settlement.postings) batch.post(posting);
  for (const event of events) {
    if (event.type === 'stopTriggered') {
      const row = state.open.get(event.orderId);
      if (row !== undefined) row.triggered = true;
    }
  }
  applyUpdates(state, settlement.updates, batch);
  for (const trade of settlement.trades) {
    batch.writes.trades.push(tradeRow(state, pair, trade, batch));
    batch.writes.lastPrices.set(pair, trade.event.priceTicks);
    // Each side's order carries its fees and last fill, written with the fill in this batch.
    const { makerOrderId, takerOrderId } = trade.event;
    for (const [id, fee] of [
      [makerOrderId, trade.makerFee],
      [takerOrderId, trade.takerFee],
    ] as const) {
      const row = state.open.get(id);
      if (row === undefined) throw new Error(`order ${id} traded but not open`);
      addFill(row, fee, batch.now);
      batch.writes.rows.set(id, row);
    }
  }
}

/** Brings the open orders an operation touched up to date, and notes those that ended. */
function applyUpdates(
  state: MarketState,
  updates: ReadonlyMap<number, OrderUpdate>,
  batch: Batch,
): void {
  for (const [id, update] of updates) {
    const row = state.open.get(id);
    if (row === undefined) throw new Error(`order ${id} updated but not open`);
    applyUpdate(row, update, batch.now);
    batch.writes.rows.set(id, row);
    if (!isOpen(row)) batch.ended.push(id);
  }
}

/** A settled trade as the trades table keeps it. */
function tradeRow(
  state: MarketState,
  pair: PairSymbol,
  trade: SettledTrade,
  batch: Batch,
): TradesTable {
  const { event } = trade;
  const maker = state.open.get(event.makerOrderId);
  const taker = state.open.get(event.takerOrderId);
  if (maker === undefined || taker === undefined) throw new Error('trade of unknown orders');
  return {
    id: trade.id,
    pair,
    seq: event.seq,
    price: event.priceTicks,
    amount: event.lots,
    taker_side: event.takerSide,
    maker_order_id: event.makerOrderId,
    taker_order_id: event.takerOrderId,
    maker_user_id: maker.user_id,
    taker_user_id: taker.user_id,
    maker_fee: trade.makerFee,
    taker_fee: trade.takerFee,
    created_at: batch.now,
    backdated: batch.backdated,
  };
}
