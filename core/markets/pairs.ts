/** The eight spot pairs and their trading steps, with the integer scales derived from them. */
import { ASSETS, type Asset, type PairSymbol, QUOTE } from '../protocol/index.ts';
import { normalise, parseDecimal, rescale, type ScaledDecimal } from './decimal.ts';
import { PAIR_STEPS, type PairSteps } from './pairSteps.ts';

export { PAIR_SYMBOLS, type PairSteps, priceDecimals } from './pairSteps.ts';
export type { PairSymbol };

/** A pair's steps plus the integer scales the engine and the forms compute with. */
export interface PairSpec extends PairSteps {
  symbol: PairSymbol;
  base: Asset;
  quote: typeof QUOTE;
  /** Decimals a price shows: those of the tick size ("0.01" → 2). */
  priceDecimals: number;
  /** Decimals an amount shows: those of the lot size ("0.00001" → 5). */
  amountDecimals: number;
  /** The tick size as an integer at `priceDecimals` (1 for "0.01", 5 for "0.05"). */
  tickUnits: bigint;
  /** The lot size as an integer at `amountDecimals`. */
  lotUnits: bigint;
  /**
   * Decimals of a notional (ticks × lots) written in USDT: `priceDecimals + amountDecimals`.
   * One notional unit is tick size × lot size USDT (0.0000001 USDT on BTC_USDT).
   */
  valueDecimals: number;
  /** The largest price in ticks. */
  maxPriceTicks: number;
  /** The largest amount in lots. */
  maxLots: number;
  /** The smallest order value in notional units (ticks × lots), rounded up. */
  minNotional: number;
  /** `maxPriceTicks × maxLots`: every order's notional fits in it, far below 2^53. */
  maxNotional: number;
}

/** Each pair's spec, by symbol. */
export const PAIRS: Readonly<Record<PairSymbol, PairSpec>> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ ASSETS.map((asset) => [`${asset}_${QUOTE}`, derive(asset, PAIR_STEPS[asset])]),
) as Record<PairSymbol, PairSpec>;

/** Whether a string names one of the pairs (for parameters arriving as plain text). */
export function isPairSymbol(text: string): text is PairSymbol {
  return Object.hasOwn(PAIRS, text);
}

function step(text: string): ScaledDecimal {
  const value = parseDecimal(text);
  if (typeof value === 'string' || value.units <= 0n) throw new Error(`Bad step "${text}"`);
  return normalise(value);
}

/** How many whole `unit`s fit in `value`, both decimals; exact or rounded up. */
function countUnits(value: ScaledDecimal, unit: ScaledDecimal, roundUp: boolean): bigint {
  const decimals = Math.max(value.decimals, unit.decimals);
  const numerator = rescale(value, decimals);
  const denominator = rescale(unit, decimals);
  const whole = numerator / denominator;
  return roundUp && whole * denominator < numerator ? whole + 1n : whole;
}

function derive(base: Asset, steps: PairSteps): PairSpec {
  const tick = step(steps.tickSize);
  const lot = step(steps.lotSize);
  const value: ScaledDecimal = {
    units: tick.units * lot.units,
    decimals: tick.decimals + lot.decimals,
  };
  const maxPriceTicks = countUnits(step(steps.maxPrice), tick, false);
  const maxLots = countUnits(step(steps.maxAmount), lot, false);
  const maxNotional = maxPriceTicks * maxLots;
  if (maxNotional > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`${base}: bounds too large`);
  return {
    symbol: `${base}_${QUOTE}`,
    base,
    quote: QUOTE,
    ...steps,
    priceDecimals: tick.decimals,
    amountDecimals: lot.decimals,
    tickUnits: tick.units,
    lotUnits: lot.units,
    valueDecimals: value.decimals,
    maxPriceTicks: Number(maxPriceTicks),
    maxLots: Number(maxLots),
    minNotional: Number(countUnits(step(steps.minValue), value, true)),
    maxNotional: Number(maxNotional),
  };
}
