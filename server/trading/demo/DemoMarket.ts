/**
 * A live market out of the box: a market maker quoting both sides of every book around a
 * reference price that wanders like a real one, and a taker trading against it now and then.
 * Both are ordinary accounts funded by ledger deposits, placing ordinary orders through the same
 * market (queue, engine, holds and ledger) as the API: no back door. DEMO_MARKET turns it off.
 *
 * Load stays modest: the maker looks at each pair every couple of seconds but only replaces the
 * quotes that moved or were taken, and the taker sends one order every few seconds.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PAIR_SYMBOLS } from '../../../core/markets/pairs.ts';
import type { Database } from '../../storage/db.ts';
import type { SpotMarket } from '../SpotMarket.ts';
import { ensureTrader, MARKET_MAKER, TAKER } from './ensureTrader.ts';
import { Funding } from './Funding.ts';
import { logFailure } from './logFailure.ts';
import { MarketMaker } from './MarketMaker.ts';
import { Taker } from './Taker.ts';

/** How fast the demo market moves (tests make it quick); every field has a default. */
export interface DemoMarketOptions {
  /** Mean time between two looks of the market maker at one pair, in ms (2,000). */
  quoteIntervalMs?: number;
  /** Mean time between two of the taker's orders, in ms (3,000). */
  tradeIntervalMs?: number;
  /** The source of randomness, uniform in [0, 1) (Math.random). */
  random?: () => number;
}

/** The maker keeps enough of everything for a full ladder on every pair at once. */
const MAKER_FUNDS = {
  quote: { floor: 75_000, target: 150_000 },
  asset: { floor: 10_000, target: 25_000 },
};

/** The taker's orders are small: a little of everything goes a long way. */
const TAKER_FUNDS = {
  quote: { floor: 2_000, target: 20_000 },
  asset: { floor: 1_000, target: 5_000 },
};

/** See the file comment. */
export class DemoMarket {
  private stopped = false;
  private stopping: Promise<void> | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();

  private constructor(
    private readonly market: SpotMarket,
    private readonly makerId: number | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Finds or creates the two accounts and starts trading. When another account holds one of
   * their emails, it warns and trades nothing.
   */
  static async start(
    db: Database,
    market: SpotMarket,
    log: FastifyBaseLogger,
    options: DemoMarketOptions = {},
  ): Promise<DemoMarket> {
    const random = options.random ?? Math.random;
    const makerId = await ensureTrader(db, MARKET_MAKER);
    const takerId = makerId === null ? null : await ensureTrader(db, TAKER);
    if (makerId === null || takerId === null) {
      log.warn(
        `demo market: ${MARKET_MAKER.email} or ${TAKER.email} belongs to another account; not trading`,
      );
      const idle = new DemoMarket(market, null, log);
      idle.stopped = true;
      return idle;
    }
    const demo = new DemoMarket(market, makerId, log);
    const maker = new MarketMaker(market, makerId, new Funding(db, MAKER_FUNDS), log, random);
    const taker = new Taker(market, takerId, new Funding(db, TAKER_FUNDS), log, random);
    const quoteMs = options.quoteIntervalMs ?? 2_000;
    const tradeMs = options.tradeIntervalMs ?? 3_000;
    for (const pair of PAIR_SYMBOLS) {
      // Spread over the first interval, so the books fill at once but not in one burst.
      demo.every(quoteMs, random() * quoteMs, random, () => maker.refresh(pair, Date.now()));
    }
    demo.every(tradeMs, quoteMs + random() * tradeMs, random, () => taker.trade());
    log.info('demo market: a market maker quotes every pair and a taker trades against it');
    return demo;
  }

  /**
   * Stops trading: no step starts any more, the steps under way finish (their orders are then
   * queued in the market, which settles them before the database closes), and the maker's quotes
   * are cancelled so no book is left frozen.
   */
  stop(): Promise<void> {
    this.stopping ??= this.halt();
    return this.stopping;
  }

  private async halt(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
    if (this.makerId === null) return;
    try {
      await this.market.cancelAll(this.makerId, null);
    } catch (error) {
      logFailure(this.log, error, 'quotes could not be cancelled');
    }
  }

  /** Runs `step` over and over, one run at a time, `meanMs` apart on average (±50 %). */
  private every(
    meanMs: number,
    firstMs: number,
    random: () => number,
    step: () => Promise<void>,
  ): void {
    const schedule = (delayMs: number) => {
      if (this.stopped) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        const run: Promise<void> = step()
          .catch((error: unknown) => logFailure(this.log, error, 'a step failed'))
          .then(() => {
            this.running.delete(run);
            schedule(meanMs * (0.5 + random()));
          });
        this.running.add(run);
      }, delayMs);
      // The demo never keeps a process alive on its own.
      timer.unref();
      this.timers.add(timer);
    };
    schedule(firstMs);
  }
}
