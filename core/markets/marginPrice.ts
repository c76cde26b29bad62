/**
 * A P2P margin offer's price: the reference price moved by a margin in percent, rounded half up
 * to 8 decimals, exactly as the server's SQL prices it (`round(reference × (100 + margin) / 100,
 * 8)`), so the publish form shows the price the offer will list at.
 */
import { normalise, parseDecimal, rescale, type ScaledDecimal } from './decimal.ts';

/** Most decimals of a price in fiat per unit. */
export const P2P_PRICE_DECIMALS = 8;

/** Most decimals of a margin, in percent. */
export const MARGIN_DECIMALS = 2;

/** A signed decimal such as "-1.5" or "+2", or null when it is not one. */
export function parseSigned(text: string): ScaledDecimal | null {
  const trimmed = text.trim();
  const parsed = parseDecimal(trimmed.replace(/^[+-]/, ''));
  if (typeof parsed === 'string') return null;
  const value = normalise(parsed);
  return trimmed.startsWith('-') ? { units: -value.units, decimals: value.decimals } : value;
}

/** `reference` × (100 + `margin`) / 100 at 8 decimals, rounded half up; margin above −100 %. */
export function marginPrice(reference: ScaledDecimal, margin: ScaledDecimal): ScaledDecimal {
  const decimals = Math.max(margin.decimals, MARGIN_DECIMALS);
  const percent = rescale(margin, decimals) + 100n * 10n ** BigInt(decimals);
  const exact = { units: reference.units * percent, decimals: reference.decimals + decimals + 2 };
  if (exact.decimals <= P2P_PRICE_DECIMALS) {
    return normalise({ units: rescale(exact, P2P_PRICE_DECIMALS), decimals: P2P_PRICE_DECIMALS });
  }
  const shift = 10n ** BigInt(exact.decimals - P2P_PRICE_DECIMALS);
  return normalise({ units: (exact.units + shift / 2n) / shift, decimals: P2P_PRICE_DECIMALS });
}
