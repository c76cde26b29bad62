/**
 * A live swap quote for what the form shows: asked for a moment after the person stops typing,
 * counted down to its expiry each second, and asked for again when it runs out, so the price on
 * screen is always one the server will honour.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, type SwapQuote, type Ticker } from '../../../core/index.ts';

/** How long typing must pause before a quote is asked for, in ms. */
export const QUOTE_DEBOUNCE_MS = 300;

/** Where the quote stands. */
export type QuoteLoad =
  | { state: 'idle' }
  | { state: 'loading'; previous: SwapQuote | null }
  | { state: 'error'; message: string }
  | { state: 'ready'; quote: SwapQuote };

const AMOUNT = /^\d+(\.\d+)?$/;

/** The quote for swapping `amount` of `from` into `to`; `paused` stops re-quoting (accepting). */
export function useSwapQuote(from: Ticker, to: Ticker, amount: string, paused: boolean) {
  const [load, setLoad] = useState<QuoteLoad>({ state: 'idle' });
  const [now, setNow] = useState(() => Date.now());
  const [asked, setAsked] = useState(0);
  const latest = useRef(0);
  const lastAsked = useRef(asked);
  const text = amount.trim();

  useEffect(() => {
    if (text === '' || from === to) {
      setLoad({ state: 'idle' });
      return;
    }
    if (!AMOUNT.test(text)) {
      setLoad({ state: 'error', message: 'Enter the amount as a number such as 0.5.' });
      return;
    }
    const request = ++latest.current;
    // A re-quote (the countdown ran out) goes at once; typing waits for a pause.
    const delay = lastAsked.current === asked ? QUOTE_DEBOUNCE_MS : 0;
    lastAsked.current = asked;
    setLoad((shown) => ({
      state: 'loading',
      previous: shown.state === 'ready' ? shown.quote : null,
    }));
    const timer = setTimeout(() => {
      void call('swap.quote', { from, to, amount: text }).then((reply) => {
        if (request !== latest.current) return;
        setNow(Date.now());
        setLoad(
          reply.status
            ? { state: 'ready', quote: reply.quote }
            : { state: 'error', message: reply.error_msg },
        );
      });
    }, delay);
    return () => clearTimeout(timer);
  }, [from, to, text, asked]);

  const ready = load.state === 'ready' ? load.quote : null;
  useEffect(() => {
    if (ready === null || paused) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ready, paused]);

  const secondsLeft =
    ready === null ? 0 : Math.max(0, Math.ceil((Date.parse(ready.expiresAt) - now) / 1000));
  const expired = ready !== null && secondsLeft === 0;
  useEffect(() => {
    if (expired && !paused) setAsked((count) => count + 1);
  }, [expired, paused]);

  /** Shows a quote the server gave in place of a refused one. */
  const replace = useCallback((quote: SwapQuote) => {
    latest.current++;
    setNow(Date.now());
    setLoad({ state: 'ready', quote });
  }, []);

  /** Asks for a fresh quote now. */
  const requote = useCallback(() => setAsked((count) => count + 1), []);

  return { load, secondsLeft, replace, requote };
}
