/** Person-readable words for each reject or expiry reason. */
import type { OrderReason } from './EngineEvent.ts';

/** What to tell the account holder when an order is rejected or expires for a reason. */
export const REASON_MESSAGES: Readonly<Record<OrderReason, string>> = {
  invalidOrder: 'The order is incomplete or malformed.',
  invalidPrice: "Price must be a whole number of ticks within the pair's bounds.",
  invalidStopPrice: "Stop price must be a whole number of ticks within the pair's bounds.",
  invalidQuantity: "Amount must be a whole number of lots within the pair's bounds.",
  invalidTotal: "Total must be a whole number of value steps within the pair's bounds.",
  belowMinValue: 'The order value is below the minimum for this pair.',
  duplicateId: 'An open order already has this id.',
  postOnlyWouldTake: 'The post-only order would have traded at once, so it was not placed.',
  stopWouldTrigger: 'The last price has already reached the stop price.',
  noLiquidity: 'There are no orders on the other side of the book to trade with.',
  fokUnfillable: 'The fill-or-kill order could not be filled in full at once.',
  iocRemainder: 'The part that could not trade at once was not kept.',
  fundsSpent: 'The available balance ran out before the whole amount was bought.',
  selfTrade: 'The order would have traded with another order of the same account.',
};
