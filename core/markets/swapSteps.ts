/**
 * The step a swap amount takes: an asset's is its pair's lot size (a swap sells whole lots), and
 * USDT's is a cent. The swap form rounds its "max" down to it; the server refuses a finer amount.
 */
import { QUOTE, type Ticker } from '../protocol/index.ts';
import { PAIR_STEPS } from './pairSteps.ts';

/** A USDT amount to swap has at most two decimals. */
export const USDT_SWAP_STEP = '0.01';

/** The smallest step of a swap amount of `ticker`, as a decimal string. */
export function swapStep(ticker: Ticker): string {
  return ticker === QUOTE ? USDT_SWAP_STEP : PAIR_STEPS[ticker].lotSize;
}

/** `amount` rounded down to the swap step of `ticker` ("0.123456" BTC → "0.12345"). */
export function roundDownToSwapStep(ticker: Ticker, amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const decimals = (swapStep(ticker).split('.')[1] ?? '').length;
  const kept = fraction.slice(0, decimals).replace(/0+$/, '');
  return kept === '' ? whole : `${whole}.${kept}`;
}
