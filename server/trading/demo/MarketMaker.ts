/**
 * The market maker: an ordinary account keeping a ladder of quotes on both sides of every book
 * (of the pairs its market matches).
 * Each time it looks at a pair it moves that pair's reference price on. The ladder follows the
 * reference once it has moved a full level; quotes that were taken (even in part) are replaced.
 * Only the quotes that differ from the wanted ladder are cancelled and placed, all in one turn,
 * so the market runs them in one batch and the book is never seen empty, and a quiet book costs
 * no orders at all: that keeps the orders per second low. Its caller looks at every pair in one
 * turn (DemoMarket, DemoPast), so every pair's changes share one batch. It follows its quotes'
 * fills (QuoteFills), so funding reads its balances only when they may be low.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  PAIR_SYMBOLS,
  PAIRS,
  type PairSpec,
  type PairSymbol,
} from '../../../core/markets/pairs.ts';
import { fromTicks } from '../../../core/markets/units.ts';
import type { OrderRow } from '../orderRows.ts';
import type { DemoVenue } from './DemoVenue.ts';
import type { Funding } from './Funding.ts';
import { isShortOfFunds, logFailure } from './logFailure.ts';
import { QuoteFills } from './QuoteFills.ts';
import { type LadderSpacing, ladderSpacing, type Quote, quoteLadder } from './quoteLadder.ts';
import { ReferencePrice } from './ReferencePrice.ts';
import { seedPrice } from './seedPrice.ts';
import { minuteVolatility } from './volatility.ts';

/** What the maker keeps per pair. */
interface PairState {
  reference: ReferencePrice;
  spacing: LadderSpacing;
  /** The reference the ladder is built around; it follows the reference a level at a time. */
  centre: number;
}

/** See the file comment. */
export class MarketMaker {
  private readonly pairs = new Map<PairSymbol, PairState>();
  private readonly fills: QuoteFills;

  constructor(
    private readonly market: DemoVenue,
    readonly userId: number,
    private readonly funding: Funding,
    private readonly log: FastifyBaseLogger,
    private readonly random: () => number,
    /** The pairs it quotes: those its market matches (every pair unless spread). */
    private readonly quoted: readonly PairSymbol[] = PAIR_SYMBOLS,
  ) {
    this.fills = new QuoteFills(funding, userId);
  }

  /**
   * Tops the maker's balances up to their targets where they fell below their floors, once the
   * fills since the last look are counted (reading them only when they may be low).
   */
  fund(): Promise<void> {
    for (const pair of this.quoted)
      this.fills.look(pair, this.market.openOrders(this.userId, pair));
    return this.funding.topUp(this.userId);
  }

  /**
   * Looks at one pair: moves its ladder and replaces the quotes that were taken, without funding
   * first (a step funds once for every pair): its cancels and quotes are all queued in this turn,
   * so they join the batch of whatever else this turn queues.
   */
  requote(pair: PairSymbol, now: number): Promise<void> {
    const changes = this.plan(pair, now);
    return changes === null ? Promise.resolve() : this.send(pair, changes);
  }

  /** The quotes to cancel and to place after moving the pair's reference on to `now`, if any. */
  private plan(pair: PairSymbol, now: number): { stale: OrderRow[]; missing: Quote[] } | null {
    const spec = PAIRS[pair];
    const state = this.state(pair, now);
    const reference = state.reference.advance(now, this.random);
    const level = state.spacing.step * Number(spec.tickSize);
    if (Math.abs(reference - state.centre) >= level) state.centre = reference;
    const wanted = quoteLadder(spec, state.centre, state.spacing, this.random);
    const open = this.market.openOrders(this.userId, pair);
    this.fills.look(pair, open);
    const changes = this.compare(open, wanted);
    return changes.stale.length === 0 && changes.missing.length === 0 ? null : changes;
  }

  /** Cancels the stale quotes and places the missing ones, all queued at once; logs refusals. */
  private async send(
    pair: PairSymbol,
    { stale, missing }: { stale: OrderRow[]; missing: Quote[] },
  ): Promise<void> {
    const spec = PAIRS[pair];
    const [cancelled, placed] = await Promise.all([
      Promise.allSettled(stale.map((order) => this.market.cancel(this.userId, { id: order.id }))),
      Promise.allSettled(missing.map((quote) => this.market.place(this.userId, pair, quote))),
    ]);
    cancelled.forEach((outcome, index) => {
      const id = stale[index]?.id ?? 0;
      this.fills.cancelled(id, outcome.status === 'fulfilled' ? outcome.value : null);
      if (outcome.status === 'rejected') {
        logFailure(this.log, outcome.reason, 'a quote could not be cancelled', { pair });
      }
    });
    placed.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') {
        this.fills.placed(outcome.value);
        return;
      }
      if (isShortOfFunds(outcome.reason)) this.funding.forget(this.userId);
      const price = this.priceOf(spec, missing[index]);
      logFailure(this.log, outcome.reason, 'a quote was refused', { pair, price });
    });
  }

  /** The open quotes to cancel (off the ladder, or taken in part) and the quotes to place. */
  private compare(open: OrderRow[], wanted: Quote[]): { stale: OrderRow[]; missing: Quote[] } {
    const key = (side: string, priceTicks: number | null) => `${side}:${priceTicks}`;
    const wantedKeys = new Set(wanted.map((quote) => key(quote.side, quote.priceTicks)));
    const kept = new Set<string>();
    const stale: OrderRow[] = [];
    for (const order of open) {
      const at = key(order.side, order.price);
      if (wantedKeys.has(at) && order.filled === 0 && !kept.has(at)) kept.add(at);
      else stale.push(order);
    }
    const missing = wanted.filter((quote) => !kept.has(key(quote.side, quote.priceTicks)));
    return { stale, missing };
  }

  private priceOf(spec: PairSpec, quote: Quote | undefined): string {
    return quote === undefined ? '?' : fromTicks(spec, quote.priceTicks);
  }

  /** The pair's state, made on first use: its reference starts at the last trade price. */
  private state(pair: PairSymbol, now: number): PairState {
    const known = this.pairs.get(pair);
    if (known !== undefined) return known;
    const spec = PAIRS[pair];
    const anchor = seedPrice(spec.base);
    const volatility = minuteVolatility(spec.base);
    const last = this.market.book(pair).lastPriceTicks;
    const start = last === null ? anchor : last * Number(spec.tickSize);
    const reference = new ReferencePrice(anchor, volatility, start, now);
    const made = {
      reference,
      // Spaced by the anchor, so the grid the quotes sit on never moves.
      spacing: ladderSpacing(spec, anchor, volatility),
      centre: reference.price,
    };
    this.pairs.set(pair, made);
    return made;
  }
}
