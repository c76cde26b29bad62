/** The eight spot pairs and their trading steps, with the integer scales derived from them. */
import { ASSETS, type Asset, type PairSymbol, QUOTE } from '../protocol.ts';
import { normalise, parseDecimal, rescale, type ScaledDecimal } from './decimal.ts';

export type { PairSymbol };

/** What a pair's steps are, as a person writes them (decimal strings in the quote or the base). */
export interface PairSteps {
  /** The price step in USDT per base unit: prices are whole multiples of it ("ticks"). */
  tickSize: string;
  /** The amount step in base units: amounts are whole multiples of it ("lots"). */
  lotSize: string;
  /** The smallest order value in USDT (price × amount). */
  minValue: string;
  /** The largest price accepted, in USDT. */
  maxPrice: string;
  /** The largest amount accepted in one order, in base units. */
  maxAmount: string;
}

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

// Steps like the large exchanges' for these pairs. Each pair's largest price in ticks times its
// largest amount in lots is 9 × 10^14, ten times below 2^53, so notional maths in plain numbers is
// exact for any order the bounds let in, and sums of a few of them are too.
const STEPS: Readonly<Record<Asset, PairSteps>> = {
  BTC: {
    tickSize: '0.01',
    lotSize: '0.00001',
    minValue: '5',
    maxPrice: '1000000',
    maxAmount: '90',
  },
  ETH: {
    tickSize: '0.01',
    lotSize: '0.0001',
    minValue: '5',
    maxPrice: '100000',
    maxAmount: '9000',
  },
  BNB: {
    tickSize: '0.01',
    lotSize: '0.001',
    minValue: '5',
    maxPrice: '100000',
    maxAmount: '90000',
  },
  XRP: {
    tickSize: '0.0001',
    lotSize: '0.1',
    minValue: '5',
    maxPrice: '1000',
    maxAmount: '9000000',
  },
  DOGE: {
    tickSize: '0.00001',
    lotSize: '1',
    minValue: '5',
    maxPrice: '1000',
    maxAmount: '9000000',
  },
  SOL: {
    tickSize: '0.01',
    lotSize: '0.001',
    minValue: '5',
    maxPrice: '100000',
    maxAmount: '90000',
  },
  LTC: {
    tickSize: '0.01',
    lotSize: '0.001',
    minValue: '5',
    maxPrice: '100000',
    maxAmount: '90000',
  },
  TRX: {
    tickSize: '0.0001',
    lotSize: '0.1',
    minValue: '5',
    maxPrice: '1000',
    maxAmount: '9000000',
  },
};

/** Every pair symbol, in the order the assets are listed. */
// Marked pure so that a bundle importing core without using the pairs drops them.
export const PAIR_SYMBOLS: readonly PairSymbol[] = /* @__PURE__ */ ASSETS.map(
  (asset): PairSymbol => `${asset}_${QUOTE}`,
);

/** Each pair's spec, by symbol. */
export const PAIRS: Readonly<Record<PairSymbol, PairSpec>> = /* @__PURE__ */ Object.fromEntries(
  /* @__PURE__ */ ASSETS.map((asset) => [`${asset}_${QUOTE}`, derive(asset, STEPS[asset])]),
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
