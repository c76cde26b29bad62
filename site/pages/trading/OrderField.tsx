/** One typed figure of the order form: its label, the input with its unit, and its problem. */

/** A decimal input with its unit beside it and its error, if any, below it. */
export function OrderField({
  id,
  label,
  unit,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <div className="order-field">
      <label htmlFor={id}>{label}</label>
      <div className="order-input">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? `${id}-unit` : `${id}-unit ${id}-error`}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
        <span id={`${id}-unit`} className="order-unit">
          {unit}
        </span>
      </div>
      {error === undefined ? null : (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
