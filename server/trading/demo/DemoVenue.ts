/**
 * Where the demo traders trade: the spot market as any caller uses it, or, for the demo market's
 * past, the market with every command stamped with the simulated clock (`BackdatedVenue`).
 */
import type { PairSymbol } from '../../../core/markets/pairs.ts';
import type { OrderDraft, OrderRef } from '../Command.ts';
import type { OrderBook } from '../engine/index.ts';
import type { Backdating, Market } from '../Market.ts';
import type { OrderRow } from '../orderRows.ts';

/** What the market maker and the taker need of a market (SpotMarket has it all). */
export interface DemoVenue {
  book(pair: PairSymbol): OrderBook;
  openOrders(userId: number, pair: PairSymbol | null): OrderRow[];
  place(userId: number, pair: PairSymbol, draft: OrderDraft): Promise<OrderRow>;
  cancel(userId: number, ref: OrderRef): Promise<OrderRow>;
}

/** The market while the past plays: every command it sends is stamped with `at`. */
export class BackdatedVenue implements DemoVenue {
  /** The simulated clock: the time the next commands are stamped with. */
  at = new Date(0);

  constructor(
    private readonly market: Market,
    private readonly past: Backdating,
  ) {}

  book(pair: PairSymbol): OrderBook {
    return this.market.book(pair);
  }

  openOrders(userId: number, pair: PairSymbol | null): OrderRow[] {
    return this.market.openOrders(userId, pair);
  }

  place(userId: number, pair: PairSymbol, draft: OrderDraft): Promise<OrderRow> {
    return this.past.place(userId, pair, draft, this.at);
  }

  cancel(userId: number, ref: OrderRef): Promise<OrderRow> {
    return this.past.cancel(userId, ref, this.at);
  }
}
