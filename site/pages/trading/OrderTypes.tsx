/** The order form's type choice: limit, market or stop-limit, as radio buttons. */
import type { FormOrderType } from './orderDraft.ts';

const TYPES: readonly { type: FormOrderType; label: string }[] = [
  { type: 'limit', label: 'Limit' },
  { type: 'market', label: 'Market' },
  { type: 'stopLimit', label: 'Stop-limit' },
];

/** The order types as one radio group; `name` keeps two forms on a page apart. */
export function OrderTypes({
  name,
  type,
  onChange,
}: {
  name: string;
  type: FormOrderType;
  onChange(type: FormOrderType): void;
}) {
  return (
    <fieldset className="order-types">
      <legend className="visually-hidden">Order type</legend>
      {TYPES.map((choice) => (
        <label key={choice.type}>
          <input
            type="radio"
            name={name}
            checked={type === choice.type}
            onChange={() => onChange(choice.type)}
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
