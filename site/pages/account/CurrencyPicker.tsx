/** One side's currency of the swap form. */
import { ASSETS, QUOTE, type Ticker } from '../../../core/index.ts';

/** Every currency a swap can use, USDT first. */
export const SWAP_TICKERS: readonly Ticker[] = [QUOTE, ...ASSETS];

/** One side's currency. */
export function CurrencyPicker(props: {
  id: string;
  label: string;
  value: Ticker;
  disabled: boolean;
  onPick: (ticker: Ticker) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onPick(event.target.value as Ticker)}
      >
        {SWAP_TICKERS.map((ticker) => (
          <option key={ticker} value={ticker}>
            {ticker}
          </option>
        ))}
      </select>
    </div>
  );
}
