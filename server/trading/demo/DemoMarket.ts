/**
 * A live market out of the box: a market maker quoting both sides of every book around a
 * reference price that wanders like a real one, and a taker trading against it now and then.
 * Both are ordinary accounts funded by ledger deposits, placing ordinary orders through the same
 * market (queue, engine, holds and ledger) as the API: no back door. DEMO_MARKET turns it off.
 *
 * It runs on whichever server owns each unit of the market (units.ts), for that unit's pairs:
 * one for the whole market, or, spread, one per pair on the pair's owner, stopped when the unit
 * moves and started again by its next owner. The units' demos on one server share the two
 * accounts and their funding (`DemoMarket.role`); their steps queued at one turn join one batch
 * (JointBatches.ts).
 *
 * Load stays modest: every couple of seconds a step looks at every pair of the unit at once, the
 * maker replacing only the quotes that moved or were taken and the taker sending an order when
 * its turn has come (every few seconds across the market, so a unit of one pair of eight trades
 * an eighth as often); a step's orders are queued in one turn, so the market writes them in one
 * batch (one transaction). The traders' balances are read only when what their orders may have
 * spent since the last read could have taken one below its floor (Funding.ts).
 *
 * On a first start they first play the unit's past (DemoPast.ts) in the background, so the
 * server serves at once; the unit's live trading starts when its past has caught up with the
 * clock. A live order reaches a unit only after its past, so no pair waits on another's.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PAIR_SYMBOLS, type PairSymbol } from '../../../core/markets/pairs.ts';
import type { Database } from '../../storage/db.ts';
import type { Market } from '../Market.ts';
import type { SpotMarket } from '../SpotMarket.ts';
import { PAST_DEFAULTS, type PastTraders, pastStart, playPast } from './DemoPast.ts';
import { ensureTrader, MARKET_MAKER, TAKER } from './ensureTrader.ts';
import { Funding } from './Funding.ts';
import { Halt } from './Halt.ts';
import { logFailure } from './logFailure.ts';
import { MarketMaker } from './MarketMaker.ts';
import { Taker } from './Taker.ts';

/** How fast the demo market moves (tests make it quick); every field has a default. */
export interface DemoMarketOptions {
  /** Mean time between two looks of the market maker at every pair (one step), in ms (2,000). */
  quoteIntervalMs?: number;
  /** Mean time between two of the taker's orders, in ms (3,000); each goes with the next step. */
  tradeIntervalMs?: number;
  /** The source of randomness, uniform in [0, 1) (Math.random). */
  random?: () => number;
  /** Hours of past played on a first start (24; 0 plays none). */
  pastHours?: number;
  /** The past's simulated time between two steps, in ms (300,000: a trade every 5 minutes a pair). */
  pastStepMs?: number;
}

/** The maker keeps enough of everything for a full ladder on every pair at once. */
export const MAKER_FUNDS = {
  quote: { floor: 75_000, target: 150_000 },
  asset: { floor: 10_000, target: 25_000 },
};

/**
 * The taker's orders are small: a little of everything goes a long way. The floor covers an
 * order on every pair at once, as a step of the past sends.
 */
export const TAKER_FUNDS = {
  quote: { floor: 5_000, target: 20_000 },
  asset: { floor: 1_000, target: 5_000 },
};

/** Starts the demo on one unit this server now owns: its market, its own market, its pairs. */
export type DemoRole = (
  market: SpotMarket,
  local: Market,
  pairs: readonly PairSymbol[],
) => Promise<DemoMarket>;

/** Where one unit's demo runs. */
interface DemoUnit {
  db: Database;
  market: SpotMarket;
  local: Market;
  pairs: readonly PairSymbol[];
  log: FastifyBaseLogger;
}

/** See the file comment. */
export class DemoMarket {
  /** Asked when it stops: no step starts any more. */
  private readonly halt = new Halt();
  private stopping: Promise<void> | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();

  private constructor(
    private readonly market: SpotMarket,
    private readonly pairs: readonly PairSymbol[],
    private readonly makerId: number | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * The demo's role on each unit this server owns. The two accounts are found or created once,
   * at the first unit, and every unit's traders share their funding, so two units here never
   * both top one up. When another account holds one of their emails, it warns once and no unit
   * trades.
   */
  static role(db: Database, log: FastifyBaseLogger, options: DemoMarketOptions = {}): DemoRole {
    let found: Promise<PastTraders | null> | null = null;
    const traders = (): Promise<PastTraders | null> => {
      if (found !== null) return found;
      const finding = findTraders(db, log, options);
      found = finding;
      // A failure (the database away a moment) is tried again at the next unit taken.
      finding.catch(() => {
        if (found === finding) found = null;
      });
      return finding;
    };
    return async (market, local, pairs) =>
      DemoMarket.start({ db, market, local, pairs, log }, await traders(), options);
  }

  /**
   * Plays the unit's past on `local` when there is one to play, then trades the unit's pairs,
   * in the background; with no traders, trades nothing.
   */
  private static start(
    unit: DemoUnit,
    traders: PastTraders | null,
    options: DemoMarketOptions,
  ): DemoMarket {
    const { db, market, local, pairs, log } = unit;
    const demo = new DemoMarket(market, pairs, traders?.makerId ?? null, log);
    if (traders === null) demo.halt.ask();
    else demo.track(demo.begin(db, local, traders, options));
    return demo;
  }

  /** Plays the past if there is one to play, then trades live until stopped. */
  private async begin(
    db: Database,
    local: Market,
    traders: PastTraders,
    options: DemoMarketOptions,
  ): Promise<void> {
    try {
      await this.playPast(db, local, traders, options);
    } catch (error) {
      logFailure(this.log, error, 'the past could not be played');
    }
    if (this.halt.asked) return;
    const { pairs } = this;
    const { makerId, takerId, makerFunding, takerFunding, random, log } = traders;
    const maker = new MarketMaker(this.market, makerId, makerFunding, log, random, pairs);
    const taker = new Taker(this.market, takerId, takerFunding, log, random, pairs);
    const quoteMs = options.quoteIntervalMs ?? 2_000;
    // The market's pace is the taker's: a unit of fewer pairs takes its share of it.
    const tradeMs = ((options.tradeIntervalMs ?? 3_000) * PAIR_SYMBOLS.length) / pairs.length;
    let tradeAt = Date.now() + quoteMs + random() * tradeMs;
    this.every(quoteMs, random() * quoteMs, random, async () => {
      const now = Date.now();
      const trades = now >= tradeAt;
      if (trades) tradeAt = now + tradeMs * (0.5 + random());
      await maker.fund();
      if (trades) await taker.fund();
      // In one turn: the maker's changes on every pair and the taker's order share one batch.
      await Promise.all([
        ...pairs.map((pair) => maker.requote(pair, now)),
        trades ? taker.tradeOnAny() : Promise.resolve(),
      ]);
    });
    log.info(`demo market: a market maker quotes ${this.named()} and a taker trades against it`);
  }

  /** The past (DemoPast.ts), when there is one to play; says in the log what it played. */
  private async playPast(
    db: Database,
    local: Market,
    traders: PastTraders,
    options: DemoMarketOptions,
  ): Promise<void> {
    const settings = {
      hours: options.pastHours ?? PAST_DEFAULTS.hours,
      stepMs: options.pastStepMs ?? PAST_DEFAULTS.stepMs,
    };
    const from = await pastStart(db, this.pairs, settings.hours, Date.now());
    if (from === null || this.halt.asked) return;
    const began = performance.now();
    const played = await playPast(local, this.pairs, db, traders, settings, from, this.halt);
    const seconds = ((performance.now() - began) / 1000).toFixed(1);
    const hours = (((played.to ?? from) - from) / 3_600_000).toFixed(1);
    this.log.info(
      `demo market: played ${hours} h of past of ${this.named()} in ${played.steps} steps (${seconds} s)`,
    );
  }

  /** The unit's pairs for the log: "every pair" for the whole market. */
  private named(): string {
    return this.pairs.length === PAIR_SYMBOLS.length ? 'every pair' : this.pairs.join(', ');
  }

  /**
   * Stops trading: no step starts any more, the steps under way finish (their orders are then
   * queued in the market, which settles them before the database closes), and the maker's quotes
   * are cancelled so no book is left frozen.
   */
  stop(): Promise<void> {
    this.stopping ??= this.wind();
    return this.stopping;
  }

  private async wind(): Promise<void> {
    this.halt.ask();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
    const makerId = this.makerId;
    if (makerId === null) return;
    // The unit's pairs only: another unit's quotes are its own demo's.
    const cancels = this.pairs.map((pair) => this.market.cancelAll(makerId, pair));
    for (const outcome of await Promise.allSettled(cancels)) {
      if (outcome.status === 'rejected') {
        logFailure(this.log, outcome.reason, 'quotes could not be cancelled');
      }
    }
  }

  /** Keeps `run` among the work `stop` waits for. */
  private track(run: Promise<void>): void {
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
  }

  /** Runs `step` over and over, one run at a time, `meanMs` apart on average (±50 %). */
  private every(
    meanMs: number,
    firstMs: number,
    random: () => number,
    step: () => Promise<void>,
  ): void {
    const schedule = (delayMs: number) => {
      if (this.halt.asked) return;
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

/**
 * Finds or creates the two accounts and their funding; null (with a warning) when another
 * account holds one of their emails.
 */
async function findTraders(
  db: Database,
  log: FastifyBaseLogger,
  options: DemoMarketOptions,
): Promise<PastTraders | null> {
  const makerId = await ensureTrader(db, MARKET_MAKER);
  const takerId = makerId === null ? null : await ensureTrader(db, TAKER);
  if (makerId === null || takerId === null) {
    log.warn(
      `demo market: ${MARKET_MAKER.email} or ${TAKER.email} belongs to another account; not trading`,
    );
    return null;
  }
  return {
    makerId,
    takerId,
    makerFunding: new Funding(db, MAKER_FUNDS),
    takerFunding: new Funding(db, TAKER_FUNDS),
    random: options.random ?? Math.random,
    log,
  };
}
