/**
 * The swap form's state: the two currencies, the amount, the live quote and what became of the
 * last "Swap". Editing anything forgets a refusal; when the server refuses a quote (expired, or the
 * price moved against the person) the fresh quote it sends takes the old one's place.
 */
import { type FormEvent, useState } from 'react';
import { call, parseDecimal, QUOTE, rescale, type Swap, type Ticker } from '../../../core/index.ts';
import { useAccountWallets } from './useAccountWallets.ts';
import { useSwapQuote } from './useSwapQuote.ts';

/** What became of the last "Swap". */
export type Accept =
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

/** The form's state, starting from `initialFrom`, and what changes it. */
export function useSwapForm(initialFrom: Ticker | null | undefined) {
  const { load: wallets } = useAccountWallets();
  const [from, setFrom] = useState<Ticker>(initialFrom ?? 'BTC');
  const [to, setTo] = useState<Ticker>(initialFrom === QUOTE ? 'BTC' : QUOTE);
  const [amount, setAmount] = useState('');
  const [accept, setAccept] = useState<Accept>({ state: 'none' });
  const pending = accept.state === 'pending';
  const { load, secondsLeft, replace } = useSwapQuote(from, to, amount, pending);

  const have =
    (wallets.state === 'ready' ? wallets.value.find((w) => w.ticker === from)?.available : '0') ??
    '0';
  const tooMuch = amount.trim() !== '' && exceeds(amount.trim(), have);

  const edit = (change: () => void) => {
    change();
    if (accept.state !== 'pending') setAccept({ state: 'none' });
  };
  const switchSides = () =>
    edit(() => {
      setFrom(to);
      setTo(from);
    });
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
  const type = (text: string) => edit(() => setAmount(text));

  const quote = load.state === 'ready' ? load.quote : null;
  const shown = quote ?? (load.state === 'loading' ? load.previous : null);
  const blocked = quote === null || pending || tooMuch || secondsLeft === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (quote === null || blocked) return;
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

  const again = () => setAccept({ state: 'none' });
  return {
    from,
    to,
    amount,
    accept,
    pending,
    load,
    secondsLeft,
    have,
    tooMuch,
    quote,
    shown,
    blocked,
    switchSides,
    pick,
    type,
    submit,
    again,
  };
}

/** What `useSwapForm` hands the form. */
export type SwapFormState = ReturnType<typeof useSwapForm>;
