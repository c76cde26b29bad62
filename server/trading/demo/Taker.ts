/**
 * The taker: an ordinary account that now and then sends a small order against the best price
 * waiting on a random pair, so trades happen, candles form and last prices move.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PAIR_SYMBOLS, PAIRS, type PairSymbol } from '../../../core/markets/pairs.ts';
import type { OrderDraft } from '../Command.ts';
import type { DemoVenue } from './DemoVenue.ts';
import type { Funding } from './Funding.ts';
import { logFailure } from './logFailure.ts';
import { takerOrder } from './takerOrder.ts';

/** See the file comment. */
export class Taker {
  constructor(
    private readonly market: DemoVenue,
    readonly userId: number,
    private readonly funding: Funding,
    private readonly log: FastifyBaseLogger,
    private readonly random: () => number,
  ) {}

  /**
   * Sends one order on a random pair without funding first, queued in this turn; none when the
   * side it would take from is empty.
   */
  tradeOnAny(): Promise<void> {
    const pair = PAIR_SYMBOLS[Math.floor(this.random() * PAIR_SYMBOLS.length)] ?? 'BTC_USDT';
    return this.tradeOn(pair);
  }

  /** Tops the taker's balances up to their targets where they fell below their floors. */
  fund(): Promise<void> {
    return this.funding.topUp(this.userId);
  }

  /**
   * Sends one order on `pair` without funding first (the past funds once a step), queued in this
   * turn; none when the side it would take from is empty.
   */
  tradeOn(pair: PairSymbol): Promise<void> {
    const draft = this.draft(pair);
    return draft === null ? Promise.resolve() : this.send(pair, draft);
  }

  private draft(pair: PairSymbol): OrderDraft | null {
    return takerOrder(PAIRS[pair], this.market.book(pair).depth(1), this.random);
  }

  private async send(pair: PairSymbol, draft: OrderDraft): Promise<void> {
    try {
      await this.market.place(this.userId, pair, draft);
    } catch (error) {
      logFailure(this.log, error, 'an order was refused', { pair, side: draft.side });
    }
  }
}
