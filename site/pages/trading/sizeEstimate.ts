/** The order form's estimate of the other half of its size, in words. */
import { formatAmount, formatPairAmount, PAIRS, type PairSymbol } from '../../../core/index.ts';
import { allowsTotal, amountForTotal, hasPrice, type OrderDraft, totalFor } from './orderDraft.ts';

/**
 * "Amount ≈ …" for a draft sized by total, "Total ≈ …" for one sized by amount; null for a
 * market order (no price to work from) or while the figures are incomplete.
 */
export function sizeEstimate(pair: PairSymbol, draft: OrderDraft): string | null {
  const spec = PAIRS[pair];
  const byTotal = draft.by === 'total' && allowsTotal(draft);
  if (!hasPrice(draft.type)) return null;
  if (byTotal) {
    const amount = amountForTotal(pair, draft.total.trim(), draft.price.trim());
    return amount === null ? null : `Amount ≈ ${formatPairAmount(pair, amount)} ${spec.base}`;
  }
  const total = totalFor(draft.price.trim(), draft.amount.trim());
  return total === null ? null : `Total ≈ ${formatAmount(total)} ${spec.quote}`;
}
