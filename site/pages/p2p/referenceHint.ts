/** The words under a margin field: the market price and what the margin makes of it. */

import { errorText } from '../../../core/errors/index.ts';
import {
  formatAmount,
  formatDecimal,
  marginPrice,
  parseDecimal,
  parseSigned,
  type Ticker,
} from '../../../core/index.ts';

/** The hint under the margin: the market price and what the margin makes of it now. */
export function referenceHint(
  reference: string | null | undefined,
  margin: string,
  fiat: string,
  asset: Ticker,
): string {
  if (reference === undefined) return 'Reading the market price…';
  if (reference === null) return errorText('offer.noReferenceRate', { fiat });
  const market = `Market now: ${formatAmount(reference)} ${fiat} per ${asset}`;
  const base = parseDecimal(reference);
  const moved = parseSigned(margin);
  if (typeof base === 'string' || moved === null)
    return `${market}. Negative margins price under it.`;
  const price = marginPrice(base, moved);
  const priced = formatAmount(formatDecimal(price.units, price.decimals));
  return `${market}; your price now: ${priced} ${fiat}. It follows the market.`;
}
