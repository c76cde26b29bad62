/**
 * Placing an order group: planned against the books when its turn comes, each leg checked to be
 * funded by the account's balance plus what the legs before it deliver, then every leg placed as
 * a fill-or-kill limit order. Planning and the checks happen before the first leg, so a refusal
 * places nothing; a leg that then does not fill whole means the plan misread the book, and the
 * whole batch is undone.
 */
import type { Posting } from '../wallet/ledger.ts';
import type { Batch } from './Batch.ts';
import { holdFor, type OrderRequest } from './engine/index.ts';
import type { MarketState } from './MarketState.ts';
import type { GroupLeg, OrderGroup } from './OrderGroup.ts';
import type { OrderRow } from './orderRows.ts';
import { placeInBook } from './placeInBook.ts';
import { requireGroupFunds } from './risk.ts';

/** Places a group whole or not at all (see the file comment); returns the legs' rows. */
export function placeGroup(state: MarketState, group: OrderGroup, batch: Batch): OrderRow[] {
  const { userId } = group;
  const known = group.clientOrderIds.map((id) => batch.knownOrder(userId, id));
  if (known.some((row) => row !== undefined)) return known.filter((row) => row !== undefined);
  const legs = group.plan((pair) => state.book(pair));
  const label = group.label(legs);
  requireGroupFunds(batch.balances, userId, legs);
  const rows = legs.map((leg, index) => {
    const request = legRequest(leg, state.nextOrderId, userId, batch.now);
    const hold = holdFor(request);
    if (hold === null) throw new Error('a limit order always has a hold');
    const first = batch.writes.postings.length;
    let row: OrderRow;
    try {
      row = placeInBook(state, leg.pair, request, hold.amount, batch);
    } catch (error) {
      // After the first leg a refusal would leave the group half placed: undo the batch.
      if (index === 0) throw error;
      throw new Error(`order group leg ${index + 1} refused`, { cause: error });
    }
    if (row.status !== 'filled') throw new Error(`order group leg ${row.id} did not fill`);
    labelPostings(batch.writes.postings, first, userId, label);
    return row;
  });
  batch.records.push((trx) => group.record(trx, rows));
  return rows;
}

/** A leg as the engine's request: a fill-or-kill limit order of the group's account. */
function legRequest(leg: GroupLeg, id: number, userId: number, now: Date): OrderRequest {
  return {
    id,
    accountId: userId,
    at: now.getTime(),
    type: 'limit',
    side: leg.side,
    priceTicks: leg.limitTicks,
    lots: leg.lots,
    timeInForce: 'FOK',
    // The plan counted every resting order, the account's own too.
    selfTrade: 'none',
    clientOrderId: leg.clientOrderId,
  };
}

/** Labels the reasons of the account's postings from index `first` on (see OrderGroup.label). */
function labelPostings(
  postings: Posting[],
  first: number,
  userId: number,
  label: { own: string; shared: string },
): void {
  const mine = (side: Posting['from']) => 'user' in side && side.user === userId;
  const other = (side: Posting['from']) => 'user' in side && side.user !== userId;
  for (let i = first; i < postings.length; i++) {
    const posting = postings[i] as Posting;
    if (!mine(posting.from) && !mine(posting.to)) continue;
    const prefix = other(posting.from) || other(posting.to) ? label.shared : label.own;
    postings[i] = { ...posting, reason: `${prefix}: ${posting.reason}` };
  }
}
