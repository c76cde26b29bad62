/** Placing one checked, funded order in its book, with its hold and what it traded settled. */
import type { PairSymbol } from '../../core/markets/pairs.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Batch } from './Batch.ts';
import type { OrderRequest } from './engine/index.ts';
import type { MarketState } from './MarketState.ts';
import { isOpen, type OrderRow, rowOf } from './orderRows.ts';
import { reasonCode } from './reasonCode.ts';
import { settleEvents } from './settleEvents.ts';
import type { HeldOrder } from './settlement.ts';

/**
 * Places a request whose hold (`holdUnits`) the caller has checked, settles what it did, and
 * returns its row; a duplicate returns the order placed before, a rejection is refused.
 * `capped`: the request's total is the market's bound for a buy by amount (see rowOf).
 */
export function placeInBook(
  state: MarketState,
  pair: PairSymbol,
  request: OrderRequest,
  holdUnits: number,
  batch: Batch,
  capped = false,
): OrderRow {
  const { id, accountId: userId } = request;
  const result = state.book(pair).place(request);
  if (result.duplicate) {
    const row = state.open.get(result.order.id) ?? batch.writes.rows.get(result.order.id);
    if (row !== undefined) return row;
  }
  if (result.order.status === 'rejected') {
    throw refusal(reasonCode(result.order.reason ?? 'invalidOrder'));
  }
  state.nextOrderId += state.idStep;
  const row = rowOf(pair, request, batch.now, capped);
  state.open.set(id, row);
  // An order that ends as it is placed (IOC, FOK, market, filled at once) pays from the
  // available balance: a hold and its release in the same breath would say nothing more
  // than its trades and fees do. One that stays open holds, and the ledger shows it.
  const held = heldOrderOf(request, holdUnits, isOpen(result.order));
  state.held.set(id, held);
  const hold = state.settler(pair).hold(held, `Order ${id} placed: ${request.side} on ${pair}`);
  if (hold !== null) batch.post(hold);
  settleEvents(state, pair, result.events, batch);
  if (request.clientOrderId !== undefined) batch.remember(userId, request.clientOrderId, row);
  return row;
}

/** What settlement keeps about a new order. */
function heldOrderOf(request: OrderRequest, holdUnits: number, holds: boolean): HeldOrder {
  return {
    id: request.id,
    userId: request.accountId,
    side: request.side,
    limitTicks:
      request.side === 'buy' && (request.type === 'limit' || request.type === 'stopLimit')
        ? request.priceTicks
        : null,
    holdLeft: holdUnits,
    holds,
  };
}
