/**
 * The taker's next order on a pair: a small buy or sell, either at market or as an
 * immediate-or-cancel limit at the best price waiting on the other side, so it trades with
 * whatever rests there (the market maker's quotes, mostly) and never rests itself.
 */
import type { PairSpec } from '../../../core/markets/pairs.ts';
import type { OrderDraft } from '../Command.ts';
import type { Depth } from '../engine/index.ts';
import { logUniform, lotsWorth, notionalOf } from './orderSizing.ts';

/** The taker's order values in USDT: drawn log-uniformly between these. */
export const TAKER_VALUE: readonly [number, number] = [10, 400];

/** The order, or null when the side it would take from is empty. */
export function takerOrder(spec: PairSpec, depth: Depth, random: () => number): OrderDraft | null {
  const side = random() < 0.5 ? 'buy' : 'sell';
  const best = (side === 'buy' ? depth.asks : depth.bids)[0];
  if (best === undefined) return null;
  const value = logUniform(random, ...TAKER_VALUE);
  const lots = lotsWorth(spec, best.priceTicks, value);
  if (random() < 0.5) {
    return { type: 'limit', side, priceTicks: best.priceTicks, lots, timeInForce: 'IOC' };
  }
  return side === 'buy'
    ? { type: 'market', side, total: notionalOf(spec, value) }
    : { type: 'market', side, lots };
}
