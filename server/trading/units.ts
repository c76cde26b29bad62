/**
 * Units of ownership: the pairs one server matches together under one advisory lock, one epoch,
 * one batch count and one intake. By default the whole spot market is one unit (`spot`), so a
 * swap's two legs always match in one batch. With spreading on (`MARKET_SPREAD`, PostgreSQL
 * only) each pair is a unit of its own (`spot:BTC_USDT`, ...), owned by whichever server took
 * it (MarketSeat.ts); every unit's batches still take the one market seq (`spot`), so the
 * account streams keep one number across pairs.
 */
import { PAIR_SYMBOLS, type PairSymbol } from '../../core/markets/pairs.ts';
import { SPOT_MARKET } from './ownership.ts';

/** One unit of ownership: its name (market_owners, the intake, the lock) and its pairs. */
export interface MarketUnit {
  name: string;
  pairs: readonly PairSymbol[];
  /** Whether it is one of several: its batches take the shared seq and read the next ids. */
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
