/**
 * From the demo traders' floating-point ideas ("about 300 USDT") to the whole lots and notional
 * units an order is made of. Floats stop here: every order carries integers only.
 */
import type { PairSpec } from '../../../core/markets/pairs.ts';

/**
 * The lots worth about `usdt` at `priceTicks`: never below the pair's minimum order value nor
 * above its largest amount.
 */
export function lotsWorth(spec: PairSpec, priceTicks: number, usdt: number): number {
  const price = priceTicks * Number(spec.tickSize);
  const wanted = Math.round(usdt / (price * Number(spec.lotSize)));
  const least = Math.ceil(spec.minNotional / priceTicks);
  return Math.min(spec.maxLots, Math.max(least, wanted, 1));
}

/** About `usdt` as a market buy's total, in notional units (ticks × lots), within the bounds. */
export function notionalOf(spec: PairSpec, usdt: number): number {
  const units = Math.round(usdt / (Number(spec.tickSize) * Number(spec.lotSize)));
  return Math.min(spec.maxNotional, Math.max(spec.minNotional, units));
}

/** A draw between `low` and `high` whose logarithm is uniform: small sizes often, large ones now and then. */
export function logUniform(random: () => number, low: number, high: number): number {
  return low * (high / low) ** random();
}
