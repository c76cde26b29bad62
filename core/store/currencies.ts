/** The currency list fetched at start. */
import { proxy } from 'valtio/vanilla';
import { call } from '../api.ts';
import type { Currency } from '../protocol/index.ts';

/** The listed currencies, empty until loaded. */
export interface CurrenciesState {
  items: Currency[];
  isLoaded: boolean;
}

/** Nothing loaded. */
export const initialCurrencies: Readonly<CurrenciesState> = { items: [], isLoaded: false };

/** The shared currency list. */
export const currencies = proxy<CurrenciesState>({ ...initialCurrencies, items: [] });

/** Fetches the currency list. */
export async function loadCurrencies(): Promise<void> {
  const reply = await call('currencies.getItems', {});
  if (reply.status && reply.items) {
    currencies.items = reply.items;
    currencies.isLoaded = true;
  }
}
