/** What the swap modal opens with: the currency to swap from, when its opener names one. */
import { proxy } from 'valtio/vanilla';
import type { Ticker } from '../protocol/index.ts';
import { setModal } from './modals.ts';

/** The swap modal's starting currency, or null for the form's default. */
export interface SwapState {
  from: Ticker | null;
}

/** No currency chosen. */
export const initialSwap: Readonly<SwapState> = { from: null };

/** The shared swap state. */
export const swap = proxy<SwapState>({ ...initialSwap });

/** Opens the swap modal (closing the other exclusive ones), from `from` when given. */
export function openSwap(from: Ticker | null = null): void {
  swap.from = from;
  setModal('isOpenSwap', true);
}
