/** The buy form's choice of what the amount means: USD to spend, or the asset to receive. */
import type { AmountMode, BuyChoice } from './buyChoice.ts';

/** Two radio buttons, "to spend in USD" and "to receive in <asset>". */
export function AmountModeChoice({
  name,
  mode,
  asset,
  onChange,
}: {
  name: string;
  mode: AmountMode;
  asset: BuyChoice['asset'];
  onChange(mode: AmountMode): void;
}) {
  return (
    <fieldset className="field buy-mode">
      <legend>Enter the amount</legend>
      {(['usd', 'asset'] as const).map((choice: AmountMode) => (
        <label key={choice} className="radio">
          <input
            type="radio"
            name={name}
            checked={mode === choice}
            onChange={() => onChange(choice)}
          />
          {choice === 'usd' ? 'to spend in USD' : `to receive in ${asset}`}
        </label>
      ))}
    </fieldset>
  );
}
