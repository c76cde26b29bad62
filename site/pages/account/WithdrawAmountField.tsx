/** The withdrawal form's amount: what the address receives, with "Max" and the network's terms. */
import { formatAmount } from '../../../core/index.ts';
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';
import { maxWithdrawal, type WithdrawTerms } from './withdrawForm.ts';

/** The amount field; "Max" fills in the most that can be sent once the fee is paid. */
export function WithdrawAmountField({
  prefix,
  asset,
  amount,
  error,
  terms,
  onAmount,
}: {
  /** The form's id prefix: the input is `${prefix}-amount`. */
  prefix: string;
  asset: string;
  amount: string;
  error: string | undefined;
  terms: WithdrawTerms;
  onAmount: (amount: string) => void;
}) {
  const { available } = terms;
  return (
    <div className="field">
      <label htmlFor={`${prefix}-amount`}>Amount the address receives ({asset})</label>
      <div className="field-row">
        <input
          id={`${prefix}-amount`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => onAmount(event.target.value)}
          {...fieldAria(error, `${prefix}-amount-error`)}
        />
        <button
          type="button"
          className="button secondary"
          onClick={() => onAmount(maxWithdrawal(available, terms.fee))}
        >
          Max
        </button>
      </div>
      <p className="field-hint">
        Available: {formatAmount(available)} {asset} · Network fee: {formatAmount(terms.fee)}{' '}
        {asset} · Minimum: {formatAmount(terms.minWithdrawal)} {asset}
      </p>
      <FieldError id={`${prefix}-amount-error`} message={error} />
    </div>
  );
}
