/** The transfer form's amount, with "Max" and what the wallet has available. */
import type { Ticker } from '../../../core/index.ts';
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';

/** The amount field; "Max" fills in everything available. */
export function TransferAmountField({
  prefix,
  ticker,
  amount,
  available,
  error,
  onAmount,
}: {
  /** The form's id prefix: the input is `${prefix}-amount`. */
  prefix: string;
  ticker: Ticker;
  amount: string;
  available: string;
  error: string | undefined;
  onAmount: (amount: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${prefix}-amount`}>Amount ({ticker})</label>
      <div className="field-row">
        <input
          id={`${prefix}-amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          {...fieldAria(error, `${prefix}-amount-error`, `${prefix}-amount-hint`)}
          onChange={(event) => onAmount(event.target.value)}
        />
        <button type="button" className="button secondary" onClick={() => onAmount(available)}>
          Max
        </button>
      </div>
      <p className="field-hint" id={`${prefix}-amount-hint`}>
        Available: {available} {ticker}
      </p>
      <FieldError id={`${prefix}-amount-error`} message={error} />
    </div>
  );
}
