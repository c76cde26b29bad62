/**
 * What the market maker's quotes spent: it follows each quote it placed from one look to the
 * next and tells Funding what each fill took from the maker's balances (a buy's USDT at the
 * quote's price, a sell's base), so the maker's balances are read only when they may be low
 * (Funding.ts). A quote gone from the book without being cancelled here is counted as filled in
 * full; an open quote it never placed (the past's, a run's before) makes Funding read again.
 */
import { PAIRS, type PairSymbol } from '../../../core/markets/pairs.ts';
import { fromLots, fromNotional } from '../../../core/markets/units.ts';
import { QUOTE } from '../../../core/protocol/index.ts';
import type { OrderRow } from '../orderRows.ts';
import type { Funding } from './Funding.ts';

/** A quote as last seen. */
interface Followed {
  pair: PairSymbol;
  side: 'buy' | 'sell';
  /** Ticks. */
  price: number;
  /** Lots: placed, and filled when last seen. */
  amount: number;
  filled: number;
}

/** See the file comment. */
export class QuoteFills {
  private readonly quotes = new Map<number, Followed>();

  constructor(
    private readonly funding: Funding,
    private readonly userId: number,
  ) {}

  /** Reports what the pair's quotes filled since the last look; `open` is what the book lists now. */
  look(pair: PairSymbol, open: readonly OrderRow[]): void {
    const listed = new Set<number>();
    for (const order of open) {
      listed.add(order.id);
      const known = this.quotes.get(order.id);
      if (known !== undefined) this.fill(known, order.filled);
      else {
        this.funding.forget(this.userId);
        this.quotes.set(order.id, followed(order, order.filled));
      }
    }
    for (const [id, quote] of this.quotes) {
      if (quote.pair !== pair || listed.has(id)) continue;
      this.fill(quote, quote.amount);
      this.quotes.delete(id);
    }
  }

  /** A quote was placed (`order` as the market answered): followed from now on while open. */
  placed(order: OrderRow): void {
    const quote = followed(order, 0);
    this.fill(quote, order.filled);
    if (order.status === 'new' || order.status === 'partiallyFilled') {
      this.quotes.set(order.id, quote);
    }
  }

  /** A quote was cancelled: `order` is its last state, or null when the cancel failed (filled). */
  cancelled(id: number, order: OrderRow | null): void {
    const quote = this.quotes.get(id);
    if (quote === undefined) return;
    this.fill(quote, order?.filled ?? quote.amount);
    this.quotes.delete(id);
  }

  private fill(quote: Followed, filled: number): void {
    const lots = filled - quote.filled;
    if (lots <= 0) return;
    quote.filled = filled;
    const spec = PAIRS[quote.pair];
    if (quote.side === 'sell') this.funding.spent(this.userId, spec.base, fromLots(spec, lots));
    else this.funding.spent(this.userId, QUOTE, fromNotional(spec, lots * quote.price));
  }
}

function followed(order: OrderRow, filled: number): Followed {
  return {
    pair: order.pair as PairSymbol,
    side: order.side,
    price: order.price ?? 0,
    amount: order.amount ?? 0,
    filled,
  };
}
