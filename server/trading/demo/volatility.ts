/** How much each asset's price moves: the demo market's reference prices and quotes follow it. */
import type { Asset } from '../../../core/protocol/index.ts';

/**
 * Each asset's annualised volatility of log returns, roughly what these markets have shown in
 * recent years: large caps calmer than the small and meme coins.
 */
export const ANNUAL_VOLATILITY: Readonly<Record<Asset, number>> = {
  BTC: 0.5,
  ETH: 0.65,
  BNB: 0.55,
  XRP: 0.85,
  DOGE: 1.0,
  SOL: 0.85,
  LTC: 0.7,
  TRX: 0.55,
};

const MINUTES_PER_YEAR = 365.25 * 24 * 60;

/** The standard deviation of one minute's log return (0.0007 for BTC: about $65 at $97,000). */
export function minuteVolatility(asset: Asset): number {
  return ANNUAL_VOLATILITY[asset] / Math.sqrt(MINUTES_PER_YEAR);
}
