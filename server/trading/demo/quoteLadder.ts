/**
 * The market maker's quotes for one pair: a few post-only limit orders on each side of the
 * reference price, the best ones a fraction of a minute's move away, each level further out and
 * larger than the one before (tens of USDT at the top, thousands at the bottom).
 */
import type { PairSpec } from '../../../core/markets/pairs.ts';
import type { LimitRequest } from '../engine/index.ts';
import { logUniform, lotsWorth } from './orderSizing.ts';

/** Each level's order value in USDT, drawn between these bounds, best level first. */
export const LEVEL_VALUES: readonly (readonly [number, number])[] = [
  [20, 150],
  [100, 500],
  [300, 1500],
  [800, 4000],
];

/** Half the narrowest spread, in minute volatilities. */
const HALF_SPREAD = 0.1;

/** The distance between two levels, in minute volatilities. */
const LEVEL_STEP = 0.4;

/** A quote: a post-only limit order as the market takes it. */
export type Quote = Omit<LimitRequest, 'id' | 'accountId' | 'at'>;

/** How a pair's ladder is spaced, in ticks. */
export interface LadderSpacing {
  /** The least distance from the reference to the best quote on either side. */
  halfSpread: number;
  /** The distance between two levels, a whole number of ticks: quotes sit on its multiples. */
  step: number;
}

/** The spacing for a pair trading near `price` with this minute volatility. */
export function ladderSpacing(
  spec: PairSpec,
  price: number,
  minuteVolatility: number,
): LadderSpacing {
  const move = (price * minuteVolatility) / Number(spec.tickSize);
  return { halfSpread: move * HALF_SPREAD, step: Math.max(1, Math.round(move * LEVEL_STEP)) };
}

/**
 * The ladder around `reference` (USDT), bids first. Prices sit on a fixed grid (multiples of the
 * step), so when the reference moves one level most quotes stay where they are and only the ends
 * change. Levels outside the pair's price bounds are left out.
 */
export function quoteLadder(
  spec: PairSpec,
  reference: number,
  spacing: LadderSpacing,
  random: () => number,
): Quote[] {
  const { halfSpread, step } = spacing;
  const referenceTicks = reference / Number(spec.tickSize);
  const bestBid = Math.floor((referenceTicks - halfSpread) / step) * step;
  const bestAsk = Math.ceil((referenceTicks + halfSpread) / step) * step;
  const quotes: Quote[] = [];
  for (const side of ['buy', 'sell'] as const) {
    LEVEL_VALUES.forEach(([low, high], level) => {
      const priceTicks = side === 'buy' ? bestBid - level * step : bestAsk + level * step;
      if (priceTicks < 1 || priceTicks > spec.maxPriceTicks) return;
      quotes.push({
        type: 'limit',
        side,
        priceTicks,
        lots: lotsWorth(spec, priceTicks, logUniform(random, low, high)),
        timeInForce: 'GTC',
        postOnly: true,
      });
    });
  }
  return quotes;
}
