/** The fee rule shared by trading, swaps and referral commissions. */
import { formatDecimal, parseDecimal, rescale } from './decimal.ts';

/** The decimals a fee is kept to: the ledger's. */
const FEE_DECIMALS = 18;

/** A fee: `amount × rate`, exact, rounded down to 18 decimals (never more than the rate says). */
export function feeOf(amount: string, rate: string): string {
  const a = parseDecimal(amount);
  const r = parseDecimal(rate);
  if (typeof a === 'string' || typeof r === 'string') throw new RangeError('fee of a non-decimal');
  const product = rescale(a, FEE_DECIMALS) * rescale(r, FEE_DECIMALS);
  return formatDecimal(product / 10n ** BigInt(FEE_DECIMALS), FEE_DECIMALS);
}
