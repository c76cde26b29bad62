/** Running one queued command inside its batch: place, cancel, cancel all, place a group. */
import { PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Batch } from './Batch.ts';
import type { Command } from './Command.ts';
import { holdFor, type OrderRequest } from './engine/index.ts';
import type { MarketState } from './MarketState.ts';
import { type OrderRow, placedAs } from './orderRows.ts';
import { placeGroup } from './placeGroup.ts';
import { placeInBook } from './placeInBook.ts';
import { marketBuyTotal, requireHold } from './risk.ts';
import { settleEvents } from './settleEvents.ts';

/** Runs a command against the books; throws DomainError to refuse it alone. */
export function runCommand(state: MarketState, command: Command, batch: Batch): OrderRow[] {
  switch (command.kind) {
    case 'place':
      return [placeOrder(state, command, batch)];
    case 'cancel':
      return [cancelOrder(state, state.findOpen(command.userId, command.ref), batch)];
    case 'cancelAll':
      return state
        .openOf(command.userId, command.pair)
        .map((row) => cancelOrder(state, row, batch));
    case 'group':
      return placeGroup(state, command.group, batch);
  }
}

/**
 * Places one order once its hold is known to be covered. A client order id the account used
 * before, for an order in any state, answers that order as a replay when placed with the same
 * parameters, and is refused with other ones: an id names one order for good.
 */
function placeOrder(
  state: MarketState,
  command: Extract<Command, { kind: 'place' }>,
  batch: Batch,
): OrderRow {
  const { userId, pair, draft } = command;
  const id = state.nextOrderId;
  let request = { ...draft, id, accountId: userId, at: batch.now.getTime() } as OrderRequest;
  if (draft.clientOrderId !== undefined) {
    const existing = batch.knownOrder(userId, draft.clientOrderId);
    if (existing !== undefined && placedAs(existing, pair, request)) {
      return { ...existing, replay: true };
    }
    if (existing !== undefined) {
      throw refusal('order.clientOrderIdReused', {
        clientOrderId: draft.clientOrderId,
        id: existing.id,
      });
    }
  }
  // A market buy by amount names no price: bound it by what the account can spend. The bound
  // is the market's, not the caller's: stored apart (spend_cap), never answered as the total.
  let capped = false;
  if (
    request.side === 'buy' &&
    (request.type === 'market' || request.type === 'stopMarket') &&
    request.total === undefined
  ) {
    request = { ...request, total: marketBuyTotal(batch.balances, userId, PAIRS[pair]) };
    capped = true;
  }
  const hold = holdFor(request);
  if (hold === null) throw refusal('order.cannotPlace');
  requireHold(batch.balances, userId, state.settler(pair).holdAmount(request.side, hold.amount));
  return placeInBook(state, pair, request, hold.amount, batch, capped);
}

/** Cancels one open order in its book and settles its release. */
function cancelOrder(state: MarketState, row: OrderRow, batch: Batch): OrderRow {
  const pair = row.pair as PairSymbol;
  const result = state.book(pair).cancel(row.id, batch.now.getTime());
  if (result.order === null) throw new Error(`order ${row.id} is open here but not in its book`);
  settleEvents(state, pair, result.events, batch);
  return row;
}
