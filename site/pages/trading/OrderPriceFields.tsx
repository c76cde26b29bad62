/** The order form's price inputs: the stop of a stop-limit, the limit price, or a market's note. */
import { PAIRS } from '../../../core/index.ts';
import { OrderField } from './OrderField.tsx';
import { hasPrice, type OrderSectionProps } from './orderDraft.ts';

/** The stop price (stop-limit only) and the price, or "the best in the book" for a market order. */
export function OrderPriceFields({ id, pair, draft, errors, update }: OrderSectionProps) {
  const spec = PAIRS[pair];
  return (
    <>
      {draft.type === 'stopLimit' ? (
        <OrderField
          id={`${id}-stop`}
          label="Stop price"
          unit={spec.quote}
          value={draft.stopPrice}
          error={errors.stopPrice}
          onChange={(stopPrice) => update({ stopPrice })}
        />
      ) : null}
      {hasPrice(draft.type) ? (
        <OrderField
          id={`${id}-price`}
          label="Price"
          unit={spec.quote}
          value={draft.price}
          error={errors.price}
          onChange={(price) => update({ price })}
        />
      ) : (
        <p className="order-market-price">Price: the best in the book</p>
      )}
    </>
  );
}
