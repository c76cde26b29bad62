/** The transfer page's edit step: the recipient, the asset, the amount and an optional note. */
import { useId } from 'react';
import { formatAmount, type Ticker, TRANSFER_NOTE_MAX, type Wallet } from '../../../core/index.ts';
import { FieldError } from '../../components/FieldError.tsx';
import { fieldAria } from '../../components/fieldAria.ts';
import { TransferAmountField } from './TransferAmountField.tsx';
import type { TransferHandle } from './useTransfer.ts';

/** The form; submitting it checks the fields and moves on to the review. */
export function TransferForm({
  wallets,
  ticker,
  available,
  transfer,
  onTicker,
}: {
  wallets: readonly Wallet[];
  ticker: Ticker;
  available: string;
  transfer: TransferHandle;
  onTicker: (ticker: Ticker) => void;
}) {
  const id = useId();
  const { fields, set, errors } = transfer;
  return (
    <form className="sign-form" onSubmit={transfer.review} noValidate>
      <div className="field">
        <label htmlFor={`${id}-to`}>Recipient's email or username</label>
        <input
          id={`${id}-to`}
          name="to"
          autoComplete="off"
          value={fields.to}
          {...fieldAria(errors.to, `${id}-to-error`)}
          onChange={(event) => set({ to: event.target.value })}
        />
        <FieldError id={`${id}-to-error`} message={errors.to} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-asset`}>Asset</label>
        <select
          id={`${id}-asset`}
          value={ticker}
          onChange={(event) => onTicker(event.target.value as Ticker)}
        >
          {wallets.map((wallet) => (
            <option key={wallet.ticker} value={wallet.ticker}>
              {wallet.ticker} — {formatAmount(wallet.available)} available
            </option>
          ))}
        </select>
      </div>
      <TransferAmountField
        prefix={id}
        ticker={ticker}
        amount={fields.amount}
        available={available}
        error={errors.amount}
        onAmount={(amount) => set({ amount })}
      />
      <div className="field">
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={2}
          maxLength={TRANSFER_NOTE_MAX}
          value={fields.note}
          aria-invalid={errors.note ? true : undefined}
          onChange={(event) => set({ note: event.target.value })}
        />
        {errors.note && <p className="field-error">{errors.note}</p>}
      </div>
      <button type="submit" className="button">
        Review transfer
      </button>
    </form>
  );
}
