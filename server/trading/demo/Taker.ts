/**
 * The taker: an ordinary account that now and then sends a small order against the best price
 * waiting on a random pair, so trades happen, candles form and last prices move. Each order tells
 * funding the most it can spend, so the taker's balances are read only when they may be low.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  PAIR_SYMBOLS,
  PAIRS,
  type PairSpec,
  type PairSymbol,
} from '../../../core/markets/pairs.ts';
import { fromLots, fromNotional } from '../../../core/markets/units.ts';
import { QUOTE, type Ticker } from '../../../core/protocol/index.ts';
import type { OrderDraft } from '../Command.ts';
import type { DemoVenue } from './DemoVenue.ts';
import type { Funding } from './Funding.ts';
import { isShortOfFunds, logFailure } from './logFailure.ts';
import { takerOrder } from './takerOrder.ts';

/** See the file comment. */
export class Taker {
  constructor(
    private readonly market: DemoVenue,
    readonly userId: number,
    private readonly funding: Funding,
    private readonly log: FastifyBaseLogger,
    private readonly random: () => number,
    /** The pairs it trades on: those its market matches (every pair unless spread). */
    private readonly pairs: readonly PairSymbol[] = PAIR_SYMBOLS,
  ) {}

  /**
   * Sends one order on a random pair without funding first, queued in this turn; none when the
   * side it would take from is empty.
   */
  tradeOnAny(): Promise<void> {
    const pair = this.pairs[Math.floor(this.random() * this.pairs.length)];
    return pair === undefined ? Promise.resolve() : this.tradeOn(pair);
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
    const most = mostSpent(PAIRS[pair], draft);
    if (most === null) this.funding.forget(this.userId);
    else this.funding.spent(this.userId, most.ticker, most.amount);
    try {
      await this.market.place(this.userId, pair, draft);
    } catch (error) {
      if (isShortOfFunds(error)) this.funding.forget(this.userId);
      logFailure(this.log, error, 'an order was refused', { pair, side: draft.side });
    }
  }
}

/** The most an order can take from its account's balances, or null when it names no bound. */
function mostSpent(spec: PairSpec, draft: OrderDraft): { ticker: Ticker; amount: string } | null {
  if (draft.side === 'sell') {
    return draft.lots === undefined
      ? null
      : { ticker: spec.base, amount: fromLots(spec, draft.lots) };
  }
  const notional =
    draft.type === 'limit' || draft.type === 'stopLimit'
      ? draft.priceTicks * draft.lots
      : draft.total;
  return notional === undefined ? null : { ticker: QUOTE, amount: fromNotional(spec, notional) };
}
