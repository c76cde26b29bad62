/**
 * The order form's size: typed as an amount of the base, or (where the order allows it) as a
 * total in the quote, with the choice between the two shown only where both are possible.
 */
import { PAIRS } from '../../../core/index.ts';
import { OrderField } from './OrderField.tsx';
import { allowsTotal, type OrderSectionProps } from './orderDraft.ts';

/** The "Size by" choice when a total is allowed, then the amount or the total input. */
export function OrderSizeFields({ id, pair, draft, errors, update }: OrderSectionProps) {
  const spec = PAIRS[pair];
  const byTotal = draft.by === 'total' && allowsTotal(draft);
  return (
    <>
      {allowsTotal(draft) ? (
        <fieldset className="order-size-mode">
          <legend>Size by</legend>
          <label>
            <input
              type="radio"
              name={`${id}-by`}
              checked={!byTotal}
              onChange={() => update({ by: 'amount' })}
            />
            Amount ({spec.base})
          </label>
          <label>
            <input
              type="radio"
              name={`${id}-by`}
              checked={byTotal}
              onChange={() => update({ by: 'total' })}
            />
            Total ({spec.quote})
          </label>
        </fieldset>
      ) : null}
      {byTotal ? (
        <OrderField
          id={`${id}-total`}
          label="Total"
          unit={spec.quote}
          value={draft.total}
          error={errors.total}
          onChange={(total) => update({ total })}
        />
      ) : (
        <OrderField
          id={`${id}-amount`}
          label="Amount"
          unit={spec.base}
          value={draft.amount}
          error={errors.amount}
          onChange={(amount) => update({ amount })}
        />
      )}
    </>
  );
}
