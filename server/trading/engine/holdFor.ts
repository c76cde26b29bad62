/** What an order may take from its account while open, so settlement can hold it up front. */
import type { OrderRequest } from './OrderRequest.ts';

/** An amount held: base lots for a sell, quote notional units (ticks × lots) for a buy. */
export interface Hold {
  asset: 'base' | 'quote';
  amount: number;
}

/**
 * The most an order can spend. A sell spends at most its lots of the base. A limit or stop-limit
 * buy spends at most `priceTicks × lots` (trades at the maker's price only ever cost less); a
 * market or stop-market buy with a `total` spends at most the total, which the engine never
 * exceeds. A market buy by lots alone has no bound the order itself gives: null, and the caller
 * should add a `total` (e.g. the account's available quote) to bound it.
 *
 * What comes back when the order ends is the hold minus what it used: `filledLots` of the final
 * update for a sell, `filledNotional` for a buy. A limit buy that took at better prices also frees
 * `(priceTicks × filledLots) − filledNotional` of its hold as it goes.
 */
export function holdFor(request: OrderRequest): Hold | null {
  if (request.side === 'sell') return { asset: 'base', amount: request.lots ?? 0 };
  if (request.type === 'limit' || request.type === 'stopLimit') {
    return { asset: 'quote', amount: request.priceTicks * request.lots };
  }
  return request.total === undefined ? null : { asset: 'quote', amount: request.total };
}
