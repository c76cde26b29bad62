/**
 * The pairs' symbols and trading steps as written, without the integer maths of pairs.ts: what a
 * page that only lists pairs and shows their prices needs, so it does not download the rest.
 */
import { ASSETS, type Asset, type PairSymbol, QUOTE } from '../protocol/index.ts';

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

// Steps like the large exchanges' for these pairs. Each pair's largest price in ticks times its
// largest amount in lots is 9 × 10^14, ten times below 2^53, so notional maths in plain numbers is
// exact for any order the bounds let in, and sums of a few of them are too.
/** Each base asset's steps against USDT. */
export const PAIR_STEPS: Readonly<Record<Asset, PairSteps>> = {
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

/**
 * Decimals a price of `pair` shows: those of its tick size without trailing zeros ("0.01" → 2),
 * as pairs.ts derives `priceDecimals`, read from the text alone.
 */
export function priceDecimals(pair: PairSymbol): number {
  const base = pair.slice(0, pair.indexOf('_')) as Asset;
  const fraction = PAIR_STEPS[base].tickSize.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}
