/**
 * The swap form, in the swap modal and on `/account/swap`: the two currencies with a switch, the
 * amount with "Max", and the live quote (rate, fee, route, price impact, what arrives) with its
 * countdown. Swapping accepts that quote; when the server refuses it (expired, or the price moved
 * against the person) the fresh quote it sends is shown to be checked and accepted again.
 */
import { useId } from 'react';
import { formatAmount, type Ticker } from '../../../core/index.ts';
import { QuoteDetails } from './QuoteDetails.tsx';
import { SwapAmountField } from './SwapAmountField.tsx';
import { SwapDone } from './SwapDone.tsx';
import { SwapPair } from './SwapPair.tsx';
import { useSwapForm } from './useSwapForm.ts';
import './swap.css';

/** The swap form; `initialFrom` preselects the currency to swap from. */
export function SwapForm({ initialFrom }: { initialFrom?: Ticker | null }) {
  const id = useId();
  const form = useSwapForm(initialFrom);
  const { accept, pending, load, quote } = form;

  if (accept.state === 'done') {
    return <SwapDone swap={accept.swap} onAgain={form.again} />;
  }

  return (
    <form className="swap-form" onSubmit={form.submit} noValidate aria-describedby={`${id}-note`}>
      <SwapPair
        prefix={id}
        from={form.from}
        to={form.to}
        disabled={pending}
        onPick={form.pick}
        onSwitch={form.switchSides}
      />
      <SwapAmountField prefix={id} form={form} />
      <QuoteDetails
        quote={form.shown}
        loading={load.state === 'loading'}
        secondsLeft={form.secondsLeft}
        titleId={`${id}-quote`}
      />
      {load.state === 'error' && (
        <p className="form-error" role="alert">
          {load.message}
        </p>
      )}
      {accept.state === 'refused' && (
        <p className={accept.asksAgain ? 'swap-asks-again' : 'form-error'} role="alert">
          {accept.message}
        </p>
      )}
      <button type="submit" className="button swap-submit" disabled={form.blocked}>
        {pending
          ? 'Swapping…'
          : accept.state === 'refused' && accept.asksAgain
            ? 'Swap at the new price'
            : quote
              ? `Swap ${formatAmount(quote.amount)} ${quote.from} → ${quote.to}`
              : 'Swap'}
      </button>
      <p className="field-hint" id={`${id}-note`}>
        A quote stays firm for a few seconds; you receive at least what it shows, or it is quoted
        again.
      </p>
    </form>
  );
}
