/**
 * The swap form, in the swap modal and on `/account/swap`: the two currencies with a switch, the
 * amount with "Max", and the live quote (rate, fee, route, price impact, what arrives) with its
 * countdown. Swapping accepts that quote; when the server refuses it (expired, or the price moved
 * against the person) the fresh quote it sends is shown to be checked and accepted again.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  ASSETS,
  call,
  formatAmount,
  parseDecimal,
  QUOTE,
  rescale,
  roundDownToSwapStep,
  type Swap,
  type SwapQuote,
  type Ticker,
} from '../../../core/index.ts';
import { useAccountWallets } from './useAccountWallets.ts';
import { useSwapQuote } from './useSwapQuote.ts';
import './swap.css';

/** Every currency a swap can use, USDT first. */
export const SWAP_TICKERS: readonly Ticker[] = [QUOTE, ...ASSETS];

type Accept =
  | { state: 'none' }
  | { state: 'pending' }
  | { state: 'refused'; message: string; asksAgain: boolean }
  | { state: 'done'; swap: Swap };

/** Whether decimal `a` is more than decimal `b` (both valid decimal strings). */
function exceeds(a: string, b: string): boolean {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (typeof x === 'string' || typeof y === 'string') return false;
  const decimals = Math.max(x.decimals, y.decimals);
  return rescale(x, decimals) > rescale(y, decimals);
}

/** The swap form; `initialFrom` preselects the currency to swap from. */
export function SwapForm({ initialFrom }: { initialFrom?: Ticker | null }) {
  const id = useId();
  const { load: wallets } = useAccountWallets();
  const [from, setFrom] = useState<Ticker>(initialFrom ?? 'BTC');
  const [to, setTo] = useState<Ticker>(initialFrom === QUOTE ? 'BTC' : QUOTE);
  const [amount, setAmount] = useState('');
  const [accept, setAccept] = useState<Accept>({ state: 'none' });
  const pending = accept.state === 'pending';
  const { load, secondsLeft, replace } = useSwapQuote(from, to, amount, pending);

  const available = (ticker: Ticker) =>
    (wallets.state === 'ready'
      ? wallets.wallets.find((w) => w.ticker === ticker)?.available
      : '0') ?? '0';
  const have = available(from);
  const tooMuch = amount.trim() !== '' && exceeds(amount.trim(), have);

  const edit = (change: () => void) => {
    change();
    if (accept.state !== 'pending') setAccept({ state: 'none' });
  };
  const pick = (side: 'from' | 'to', ticker: Ticker) =>
    edit(() => {
      const other = side === 'from' ? to : from;
      // Picking the other side's currency swaps the two rather than asking for X → X.
      if (ticker === other) {
        setFrom(to);
        setTo(from);
      } else if (side === 'from') setFrom(ticker);
      else setTo(ticker);
    });

  const quote = load.state === 'ready' ? load.quote : null;
  const shown = quote ?? (load.state === 'loading' ? load.previous : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (quote === null || pending || tooMuch || secondsLeft === 0) return;
    setAccept({ state: 'pending' });
    const reply = await call('swap.accept', { quoteId: quote.id });
    if (reply.status) {
      setAccept({ state: 'done', swap: reply.swap });
      setAmount('');
      return;
    }
    if (reply.quote) replace(reply.quote);
    setAccept({ state: 'refused', message: reply.error_msg, asksAgain: Boolean(reply.quote) });
  }

  if (accept.state === 'done') {
    return <SwapDone swap={accept.swap} onAgain={() => setAccept({ state: 'none' })} />;
  }

  return (
    <form className="swap-form" onSubmit={submit} noValidate aria-describedby={`${id}-note`}>
      <div className="swap-pair">
        <CurrencyPicker
          id={`${id}-from`}
          label="From"
          value={from}
          disabled={pending}
          onPick={(ticker) => pick('from', ticker)}
        />
        <button
          type="button"
          className="button secondary swap-switch"
          aria-label={`Switch: swap ${to} to ${from} instead`}
          disabled={pending}
          onClick={() =>
            edit(() => {
              setFrom(to);
              setTo(from);
            })
          }
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
          id={`${id}-to`}
          label="To"
          value={to}
          disabled={pending}
          onPick={(ticker) => pick('to', ticker)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-amount`}>Amount ({from})</label>
        <div className="field-row">
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            data-autofocus
            value={amount}
            disabled={pending}
            aria-invalid={tooMuch || load.state === 'error' ? true : undefined}
            aria-describedby={`${id}-available${tooMuch ? ` ${id}-too-much` : ''}`}
            onChange={(event) => edit(() => setAmount(event.target.value))}
          />
          <button
            type="button"
            className="button secondary"
            disabled={pending}
            onClick={() => edit(() => setAmount(roundDownToSwapStep(from, have)))}
          >
            Max
          </button>
        </div>
        <p className="field-hint" id={`${id}-available`}>
          Available: <span className="number">{formatAmount(have)}</span> {from}
        </p>
        {tooMuch && (
          <p className="field-error" id={`${id}-too-much`}>
            You have {formatAmount(have)} {from} available.
          </p>
        )}
      </div>
      <QuoteDetails
        quote={shown}
        loading={load.state === 'loading'}
        secondsLeft={secondsLeft}
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
      <button
        type="submit"
        className="button swap-submit"
        disabled={quote === null || pending || tooMuch || secondsLeft === 0}
      >
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

/**
 * What a swap did, with the way to another. It takes the focus the form's button had, so the
 * keyboard stays in the dialog (Escape still closes it).
 */
function SwapDone({ swap, onAgain }: { swap: Swap; onAgain: () => void }) {
  const again = useRef<HTMLButtonElement>(null);
  useEffect(() => again.current?.focus(), []);
  return (
    <div className="swap-done" role="status">
      <p>
        Swapped{' '}
        <strong>
          {formatAmount(swap.amount)} {swap.from}
        </strong>{' '}
        for{' '}
        <strong data-testid="swap-received">
          {formatAmount(swap.received)} {swap.to}
        </strong>
        .{swap.remainder !== '0' && ` ${formatAmount(swap.remainder)} USDT stays in your USDT.`}
      </p>
      <button ref={again} type="button" className="button" onClick={onAgain}>
        New swap
      </button>
    </div>
  );
}

/** One side's currency. */
function CurrencyPicker(props: {
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

/** The quote: what arrives, the rate, fees, route and price impact, and its countdown. */
function QuoteDetails({
  quote,
  loading,
  secondsLeft,
  titleId,
}: {
  quote: SwapQuote | null;
  loading: boolean;
  secondsLeft: number;
  titleId: string;
}) {
  return (
    <section className="swap-quote" aria-labelledby={titleId} aria-busy={loading}>
      <h3 id={titleId} className="visually-hidden">
        Quote
      </h3>
      {/* One polite announcement per quote, not one per tick of the countdown. */}
      <p className="visually-hidden" aria-live="polite">
        {quote && !loading
          ? `You receive ${formatAmount(quote.received)} ${quote.to} for ${formatAmount(quote.amount)} ${quote.from}.`
          : ''}
      </p>
      {quote === null ? (
        <p className="field-hint">
          {loading ? 'Getting a price…' : 'Enter an amount to see a price.'}
        </p>
      ) : (
        <dl className={loading ? 'swap-quote-list stale' : 'swap-quote-list'}>
          <dt>You receive</dt>
          <dd className="number swap-receive" data-testid="quote-received">
            {formatAmount(quote.received)} {quote.to}
          </dd>
          <dt>Rate</dt>
          <dd className="number">
            1 {quote.from} = {formatAmount(quote.rate)} {quote.to}
          </dd>
          <dt>Fee</dt>
          <dd className="number">
            {quote.legs.map((leg) => `${formatAmount(leg.fee)} ${leg.feeTicker}`).join(' + ')}
          </dd>
          <dt>Route</dt>
          <dd>{quote.route.join(' → ')}</dd>
          <dt>Price impact</dt>
          <dd className={Number(quote.priceImpact) >= 1 ? 'number swap-impact-high' : 'number'}>
            {quote.priceImpact}%
          </dd>
          {quote.remainder !== '0' && (
            <>
              <dt>{quote.from === QUOTE ? 'Unspent USDT' : 'Left in USDT'}</dt>
              <dd className="number">{formatAmount(quote.remainder)} USDT</dd>
            </>
          )}
          <dt>Price firm for</dt>
          <dd className="number" data-testid="quote-countdown">
            {secondsLeft > 0 ? `${secondsLeft} s` : 'updating…'}
          </dd>
        </dl>
      )}
    </section>
  );
}
