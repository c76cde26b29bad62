/** The swap form's two currencies with the switch between them. */
import type { Ticker } from '../../../core/index.ts';
import { CurrencyPicker } from './CurrencyPicker.tsx';

/** "From", the switch, and "To"; their selects are `${prefix}-from` and `${prefix}-to`. */
export function SwapPair({
  prefix,
  from,
  to,
  disabled,
  onPick,
  onSwitch,
}: {
  prefix: string;
  from: Ticker;
  to: Ticker;
  disabled: boolean;
  onPick: (side: 'from' | 'to', ticker: Ticker) => void;
  onSwitch: () => void;
}) {
  return (
    <div className="swap-pair">
      <CurrencyPicker
        id={`${prefix}-from`}
        label="From"
        value={from}
        disabled={disabled}
        onPick={(ticker) => onPick('from', ticker)}
      />
      <button
        type="button"
        className="button secondary swap-switch"
        aria-label={`Switch: swap ${to} to ${from} instead`}
        disabled={disabled}
        onClick={onSwitch}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      <CurrencyPicker
        id={`${prefix}-to`}
        label="To"
        value={to}
        disabled={disabled}
        onPick={(ticker) => onPick('to', ticker)}
      />
    </div>
  );
}
