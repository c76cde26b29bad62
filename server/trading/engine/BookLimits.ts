/** The bounds a book checks integer prices and sizes against. */

/**
 * A pair's bounds in engine units; a core/markets PairSpec is one. `maxPriceTicks × maxLots` must
 * be a safe integer, so every trade's notional in plain numbers is exact.
 */
export interface BookLimits {
  maxPriceTicks: number;
  maxLots: number;
  /** The largest `total` a market buy may give, in notional units (ticks × lots). */
  maxNotional: number;
  /** Limit and stop-limit orders (price × lots) and totals must reach it; 0 checks nothing. */
  minNotional: number;
}

/** Throws when the limits themselves are unusable (not safe integers, or a product beyond 2^53). */
export function checkLimits(limits: BookLimits): void {
  const { maxPriceTicks, maxLots, maxNotional, minNotional } = limits;
  for (const value of [maxPriceTicks, maxLots, maxNotional, minNotional]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Bad book limit ${value}`);
  }
  if (maxPriceTicks < 1 || maxLots < 1 || maxPriceTicks * maxLots > Number.MAX_SAFE_INTEGER) {
    throw new RangeError('maxPriceTicks × maxLots must be a safe integer');
  }
}
