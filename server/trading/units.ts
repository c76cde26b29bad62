/**
 * Units of ownership: the pairs one server matches together under one advisory lock, one epoch,
 * one batch count and one intake. By default the whole spot market is one unit (`spot`), so a
 * swap's two legs always match in one batch. With spreading on (`MARKET_SPREAD`, PostgreSQL
 * only) each pair is a unit of its own (`spot:BTC_USDT`, ...), owned by whichever server took
 * it (MarketSeat.ts); the units one server owns run their batches as one transaction
 * (JointBatches.ts). Units of different servers commit side by side, so each unit gives its
 * order and trade ids in a lane of its own (`ID_LANES`), never one another unit gives.
 */
import { PAIR_SYMBOLS, type PairSymbol } from '../../core/markets/pairs.ts';
import { SPOT_MARKET } from './ownership.ts';

/** One unit of ownership: its name (market_owners, the intake, the lock) and its pairs. */
export interface MarketUnit {
  name: string;
  pairs: readonly PairSymbol[];
  /** Whether it is one of several: its batches give ids in its lane, above the highest stored. */
  spread: boolean;
}

/** The whole spot market as one unit: every pair, as alone on PGlite or with spreading off. */
export const WHOLE_MARKET: MarketUnit = { name: SPOT_MARKET, pairs: PAIR_SYMBOLS, spread: false };

/** The units of a market: one per pair when spread, else the whole market. */
export function unitsOf(spread: boolean): MarketUnit[] {
  if (!spread) return [WHOLE_MARKET];
  return PAIR_SYMBOLS.map((pair) => ({ name: unitNameOf(pair), pairs: [pair], spread: true }));
}

/** The name of a pair's own unit when the market is spread. */
export function unitNameOf(pair: PairSymbol): string {
  return `${SPOT_MARKET}:${pair}`;
}

/**
 * Lanes a spread unit's ids fall in: unit n gives ids equal to n modulo this, so no two units
 * ever give one id, however their batches overlap. Room for pairs to come: a lane is a pair's
 * place in PAIR_SYMBOLS, new pairs are added at its end.
 */
export const ID_LANES = 64;

if (PAIR_SYMBOLS.length > ID_LANES) throw new Error('more pairs than id lanes');

/** A spread unit's id lane. */
export function idLaneOf(unit: MarketUnit): number {
  const [pair] = unit.pairs;
  return pair === undefined ? 0 : PAIR_SYMBOLS.indexOf(pair);
}

/** The first id in `lane` at or above `from`. */
export function inLane(from: number, lane: number): number {
  return from + ((((lane - from) % ID_LANES) + ID_LANES) % ID_LANES);
}
