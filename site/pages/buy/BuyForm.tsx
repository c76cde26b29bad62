/**
 * The buy-by-card form of `/buy-crypto` and `/account/buy-crypto`: pick the asset and the amount
 * (USD to spend, or the asset to receive) and see the provider's quote as you type: the rate, the
 * disclosed fee, what the card is charged and what you receive. Signed out, Continue goes to sign
 * in and back here with the same choice; signed in, it locks the quote into a purchase (one
 * idempotency key per confirmation, so a retry never buys twice) and opens the payment page.
 */
import { useId, useState } from 'react';
import { AmountModeChoice } from './AmountModeChoice.tsx';
import { BuyAssetSelect } from './BuyAssetSelect.tsx';
import { BuyQuote } from './BuyQuote.tsx';
import type { BuyChoice } from './buyChoice.ts';
import { useCardPurchase } from './useCardPurchase.ts';
import { useCardQuote } from './useCardQuote.ts';

/** The form; `onPay` opens the provider's payment page (a full navigation by default). */
export function BuyForm({
  initial,
  signedIn,
  onPay = (url) => window.location.assign(url),
}: {
  initial: BuyChoice;
  signedIn: boolean;
  onPay?: (url: string) => void;
}) {
  const id = useId();
  const [choice, setChoice] = useState<BuyChoice>(initial);
  const quoted = useCardQuote(choice);
  const { pending, error, submit, restart } = useCardPurchase(choice, signedIn, onPay);

  const change = (next: Partial<BuyChoice>) => {
    setChoice({ ...choice, ...next });
    restart();
  };

  const unit = choice.mode === 'usd' ? 'USD' : choice.asset;
  return (
    <form className="sign-form buy-form" onSubmit={submit} noValidate>
      <BuyAssetSelect
        id={`${id}-asset`}
        asset={choice.asset}
        onChange={(asset) => change({ asset })}
      />
      <AmountModeChoice
        name={`${id}-mode`}
        mode={choice.mode}
        asset={choice.asset}
        onChange={(mode) => change({ mode, amount: '' })}
      />
      <div className="field">
        <label htmlFor={`${id}-amount`}>Amount ({unit})</label>
        <input
          id={`${id}-amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={choice.amount}
          aria-invalid={quoted.state === 'error' ? true : undefined}
          aria-describedby={quoted.state === 'error' ? `${id}-quote-error` : undefined}
          onChange={(event) => change({ amount: event.target.value })}
        />
      </div>
      <BuyQuote quoted={quoted} errorId={`${id}-quote-error`} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={pending || quoted.state !== 'ready'}>
        {pending
          ? 'Opening the payment page…'
          : signedIn
            ? error
              ? 'Try again'
              : 'Continue to payment'
            : 'Sign in to continue'}
      </button>
    </form>
  );
}
