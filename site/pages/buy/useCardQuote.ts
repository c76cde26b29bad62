/**
 * The provider's quote for a buy form's choice, asked for as the person types (once typing
 * pauses) and again every few seconds while it is shown, as the market moves.
 */
import { useEffect, useState } from 'react';
import { type CardQuote, call } from '../../../core/index.ts';
import type { BuyChoice } from './buyChoice.ts';

/** How long typing must pause before a quote is asked for. */
const QUOTE_DELAY_MS = 300;

/** How often the quote shown is asked for again, as the market moves. */
const QUOTE_REFRESH_MS = 15_000;

/** No amount typed yet, the quote for the amount, or why there is none. */
export type Quoted =
  | { state: 'idle' }
  | { state: 'ready'; quote: CardQuote }
  | { state: 'error'; message: string };

/** The latest quote for `choice`; asking again starts over whenever the choice changes. */
export function useCardQuote(choice: BuyChoice): Quoted {
  const [quoted, setQuoted] = useState<Quoted>({ state: 'idle' });

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

  return quoted;
}
