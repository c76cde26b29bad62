/**
 * The taker: an ordinary account that now and then sends a small order against the best price
 * waiting on a random pair, so trades happen, candles form and last prices move.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PAIR_SYMBOLS, PAIRS } from '../../../core/markets/pairs.ts';
import type { SpotMarket } from '../SpotMarket.ts';
import type { Funding } from './Funding.ts';
import { logFailure } from './logFailure.ts';
import { takerOrder } from './takerOrder.ts';

/** See the file comment. */
export class Taker {
  constructor(
    private readonly market: SpotMarket,
    readonly userId: number,
    private readonly funding: Funding,
    private readonly log: FastifyBaseLogger,
    private readonly random: () => number,
  ) {}

  /** Sends one order on a random pair (none when the side it would take from is empty). */
  async trade(): Promise<void> {
    const pair = PAIR_SYMBOLS[Math.floor(this.random() * PAIR_SYMBOLS.length)] ?? 'BTC_USDT';
    const draft = takerOrder(PAIRS[pair], this.market.book(pair).depth(1), this.random);
    if (draft === null) return;
    await this.funding.topUp(this.userId);
    try {
      await this.market.place(this.userId, pair, draft);
    } catch (error) {
      logFailure(this.log, error, 'an order was refused', { pair, side: draft.side });
    }
  }
}
