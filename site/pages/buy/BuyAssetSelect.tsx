/** The buy form's asset picker. */
import { BUYABLE, type BuyChoice } from './buyChoice.ts';

/** A labelled select of the assets that can be bought by card. */
export function BuyAssetSelect({
  id,
  asset,
  onChange,
}: {
  id: string;
  asset: BuyChoice['asset'];
  onChange(asset: BuyChoice['asset']): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Asset to buy</label>
      <select
        id={id}
        value={asset}
        onChange={(event) => onChange(event.target.value as BuyChoice['asset'])}
      >
        {BUYABLE.map((ticker) => (
          <option key={ticker} value={ticker}>
            {ticker}
          </option>
        ))}
      </select>
    </div>
  );
}
