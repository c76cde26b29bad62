/** An open order as persisted, and the checks it passes before OrderBook.restore takes it back. */
import type { BookLimits } from './BookLimits.ts';
import type { OrderRequest } from './OrderRequest.ts';
import { validateRequest, whole } from './validateRequest.ts';

/**
 * What to persist of an open order to rebuild the book after a restart: the original request,
 * its progress from its latest update, whether its stop has triggered (it then rests as a limit
 * order) and its `priority` from that update, which restores time priority exactly.
 */
export interface OpenOrderRecord {
  request: OrderRequest;
  filledLots: number;
  filledNotional: number;
  priority: number;
  triggered: boolean;
}

/** Where a restored order goes: the book (a resting limit) or the stop book (a waiting stop). */
export type RecordPlace = 'book' | 'stops';

/** Where a record belongs; throws an Error naming the order when it cannot be open as recorded. */
export function checkRecord(record: OpenOrderRecord, limits: BookLimits): RecordPlace {
  const { request, filledLots, filledNotional, priority, triggered } = record;
  const fail = (why: string) =>
    new Error(`Order ${String(request.id)} cannot be restored: ${why}.`);
  // Limits may have changed since the order was accepted: it keeps its place regardless of value.
  const reason = validateRequest(request, limits, false);
  if (reason !== null) throw fail(reason);
  if (!whole(priority, Number.MAX_SAFE_INTEGER)) throw fail('bad priority');
  if (typeof triggered !== 'boolean') throw fail('bad triggered flag');
  const progress = [filledLots, filledNotional];
  if (progress.some((value) => !Number.isSafeInteger(value) || value < 0)) {
    throw fail('bad progress');
  }
  const waits = (request.type === 'stopLimit' || request.type === 'stopMarket') && !triggered;
  if (waits) {
    if (filledLots !== 0 || filledNotional !== 0) throw fail('a waiting stop has no fills');
    return 'stops';
  }
  if (request.type === 'market' || request.type === 'stopMarket') {
    throw fail('a market order never stays open');
  }
  if (request.type === 'limit' && triggered) throw fail('a limit order has no stop');
  if ((request.timeInForce ?? 'GTC') !== 'GTC') throw fail('only GTC orders rest');
  if (filledLots >= request.lots) throw fail('nothing left open');
  return 'book';
}
