/**
 * What a person chose on the buy form, as the page's query string carries it: the footer's
 * `?coin=1..8` (BTC … TRX in asset order) or `?asset=USDT`, and the amount to spend (`usd`) or
 * to receive (`amount`). Signing in keeps the choice by returning to the same query.
 */
import { ASSETS, QUOTE, type Ticker } from '../../../core/index.ts';

/** The assets that can be bought by card, in the order the form lists them. */
export const BUYABLE: readonly Ticker[] = [...ASSETS, QUOTE];

/** Whether the amount typed is the USD to spend (fee included) or the asset to receive. */
export type AmountMode = 'usd' | 'asset';

/** A buy form's choice. */
export interface BuyChoice {
  asset: Ticker;
  mode: AmountMode;
  /** As typed. */
  amount: string;
}

/** The choice a query string names; BTC and 100 USD when it names none (or nonsense). */
export function choiceFromQuery(search: string): BuyChoice {
  const query = new URLSearchParams(search);
  const coin = Number(query.get('coin'));
  const named = query.get('asset')?.toUpperCase();
  const asset =
    Number.isInteger(coin) && coin >= 1 && coin <= ASSETS.length
      ? (ASSETS[coin - 1] ?? 'BTC')
      : (BUYABLE.find((ticker) => ticker === named) ?? 'BTC');
  const amount = query.get('amount');
  if (amount !== null && /^\d{0,20}(\.\d{0,18})?$/.test(amount)) {
    return { asset, mode: 'asset', amount };
  }
  const usd = query.get('usd');
  return {
    asset,
    mode: 'usd',
    amount: usd !== null && /^\d{0,9}(\.\d{0,2})?$/.test(usd) ? usd : '100',
  };
}

/** The query string (with its `?`) that gives this choice back. */
export function choiceQuery(choice: BuyChoice): string {
  const query = new URLSearchParams({ asset: choice.asset });
  query.set(choice.mode === 'usd' ? 'usd' : 'amount', choice.amount.trim());
  return `?${query.toString()}`;
}

/** The purchase a return from the payment page names (`?purchase=12`), or null. */
export function returnedPurchase(search: string): number | null {
  const id = Number(new URLSearchParams(search).get('purchase'));
  return Number.isInteger(id) && id > 0 ? id : null;
}
