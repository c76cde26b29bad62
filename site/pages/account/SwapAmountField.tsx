/** The swap form's amount, with "Max" and what the wallet has available. */
import { formatAmount, roundDownToSwapStep } from '../../../core/index.ts';
import type { SwapFormState } from './useSwapForm.ts';

/** The amount field, its input `${prefix}-amount`; "Max" fills in the most that can be swapped. */
export function SwapAmountField({ prefix, form }: { prefix: string; form: SwapFormState }) {
  const { from, have, tooMuch, pending } = form;
  return (
    <div className="field">
      <label htmlFor={`${prefix}-amount`}>Amount ({from})</label>
      <div className="field-row">
        <input
          id={`${prefix}-amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          data-autofocus
          value={form.amount}
          disabled={pending}
          aria-invalid={tooMuch || form.load.state === 'error' ? true : undefined}
          aria-describedby={`${prefix}-available${tooMuch ? ` ${prefix}-too-much` : ''}`}
          onChange={(event) => form.type(event.target.value)}
        />
        <button
          type="button"
          className="button secondary"
          disabled={pending}
          onClick={() => form.type(roundDownToSwapStep(from, have))}
        >
          Max
        </button>
      </div>
      <p className="field-hint" id={`${prefix}-available`}>
        Available: <span className="number">{formatAmount(have)}</span> {from}
      </p>
      {tooMuch && (
        <p className="field-error" id={`${prefix}-too-much`}>
          You have {formatAmount(have)} {from} available.
        </p>
      )}
    </div>
  );
}
