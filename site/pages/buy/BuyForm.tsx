/**
 * The buy-by-card form of `/buy-crypto` and `/account/buy-crypto`: pick the asset and the amount
 * (USD to spend, or the asset to receive) and see the provider's quote as you type: the rate, the
 * disclosed fee, what the card is charged and what you receive. Signed out, Continue goes to sign
 * in and back here with the same choice; signed in, it locks the quote into a purchase (one
 * idempotency key per confirmation, so a retry never buys twice) and opens the payment page.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useLocation } from 'wouter';
import {
  type CardQuote,
  call,
  formatAmount,
  formatPrice,
  formatShare,
  formatUsdValue,
} from '../../../core/index.ts';
import { newIdempotencyKey } from '../account/transferForm.ts';
import { type AmountMode, BUYABLE, type BuyChoice, choiceQuery } from './buyChoice.ts';

/** How long typing must pause before a quote is asked for. */
const QUOTE_DELAY_MS = 300;

/** How often the quote shown is asked for again, as the market moves. */
const QUOTE_REFRESH_MS = 15_000;

/** One unit of the quote's asset in USD, at the pair's tick. */
function rateText(quote: CardQuote): string {
  return quote.asset === 'USDT' ? '$1.00' : `$${formatPrice(`${quote.asset}_USDT`, quote.rate)}`;
}

type Quoted =
  | { state: 'idle' }
  | { state: 'ready'; quote: CardQuote }
  | { state: 'error'; message: string };

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
  const [, navigate] = useLocation();
  const [choice, setChoice] = useState<BuyChoice>(initial);
  const [quoted, setQuoted] = useState<Quoted>({ state: 'idle' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  // One key per purchase the person confirms; kept after a failure so "Try again" is a retry.
  const [key, setKey] = useState(newIdempotencyKey);

  useEffect(() => {
    const amount = choice.amount.trim();
    if (amount === '') {
      setQuoted({ state: 'idle' });
      return;
    }
    let current = true;
    const ask = async () => {
      const reply = await call('buy.quote', {
        asset: choice.asset,
        ...(choice.mode === 'usd' ? { usdAmount: amount } : { amount }),
      });
      if (!current) return;
      setQuoted(
        reply.status
          ? { state: 'ready', quote: reply.quote }
          : { state: 'error', message: reply.error_msg },
      );
      timer = setTimeout(ask, QUOTE_REFRESH_MS);
    };
    let timer = setTimeout(ask, QUOTE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [choice]);

  const change = (next: Partial<BuyChoice>) => {
    setChoice({ ...choice, ...next });
    setError('');
    setKey(newIdempotencyKey());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!signedIn) {
      navigate(`/signin?next=${encodeURIComponent(`/account/buy-crypto${choiceQuery(choice)}`)}`);
      return;
    }
    setPending(true);
    setError('');
    const amount = choice.amount.trim();
    const reply = await call('buy.create', {
      asset: choice.asset,
      ...(choice.mode === 'usd' ? { usdAmount: amount } : { amount }),
      idempotencyKey: key,
    });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setKey(newIdempotencyKey());
    if (reply.purchase.paymentUrl !== null) onPay(reply.purchase.paymentUrl);
    else setError('This purchase can no longer be paid. Continue again to start a new one.');
  }

  const quote = quoted.state === 'ready' ? quoted.quote : null;
  const unit = choice.mode === 'usd' ? 'USD' : choice.asset;
  return (
    <form className="sign-form buy-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-asset`}>Asset to buy</label>
        <select
          id={`${id}-asset`}
          value={choice.asset}
          onChange={(event) => change({ asset: event.target.value as BuyChoice['asset'] })}
        >
          {BUYABLE.map((ticker) => (
            <option key={ticker} value={ticker}>
              {ticker}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field buy-mode">
        <legend>Enter the amount</legend>
        {(['usd', 'asset'] as const).map((mode: AmountMode) => (
          <label key={mode} className="radio">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={choice.mode === mode}
              onChange={() => change({ mode, amount: '' })}
            />
            {mode === 'usd' ? 'to spend in USD' : `to receive in ${choice.asset}`}
          </label>
        ))}
      </fieldset>
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
      <div className="buy-quote" aria-live="polite" data-testid="buy-quote">
        {quoted.state === 'error' && (
          <p className="field-error" id={`${id}-quote-error`}>
            {quoted.message}
          </p>
        )}
        {quote !== null && (
          <dl>
            <dt>Rate</dt>
            <dd className="number">
              1 {quote.asset} = {rateText(quote)}
            </dd>
            <dt>
              Provider fee ({formatShare(quote.feeRate)} + {formatUsdValue(quote.feeFixed)})
            </dt>
            <dd className="number">{formatUsdValue(quote.fee)}</dd>
            <dt>Card is charged</dt>
            <dd className="number" data-testid="quote-total">
              {formatUsdValue(quote.total)}
            </dd>
            <dt>You receive</dt>
            <dd className="number" data-testid="quote-amount">
              {formatAmount(quote.amount)} {quote.asset}
            </dd>
          </dl>
        )}
        {quote !== null && (
          <p className="field-hint">
            Card purchases from {formatUsdValue(quote.minUsd)} to {formatUsdValue(quote.maxUsd)}.
            The rate is locked when you continue; a purchase not paid within {quote.paymentMinutes}{' '}
            minutes expires.
          </p>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={pending || quote === null}>
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
