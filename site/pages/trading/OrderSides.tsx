/** The order form's side switch: two pressed-or-not buttons, Buy and Sell. */
import type { OrderSide } from '../../../core/index.ts';

/** Buy or Sell, as toggle buttons in one group. */
export function OrderSides({
  side,
  onChange,
}: {
  side: OrderSide;
  onChange(side: OrderSide): void;
}) {
  return (
    <fieldset className="order-sides">
      <legend className="visually-hidden">Side</legend>
      {(['buy', 'sell'] as const).map((choice) => (
        <button
          key={choice}
          type="button"
          className={`order-side order-side-${choice}`}
          aria-pressed={side === choice}
          onClick={() => onChange(choice)}
        >
          {choice === 'buy' ? 'Buy' : 'Sell'}
        </button>
      ))}
    </fieldset>
  );
}
