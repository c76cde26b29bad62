/**
 * One unit of the spot market (units.ts) as every caller sees it, whichever server matches it.
 * Among servers on one PostgreSQL database exactly one owns the unit: the one holding its
 * advisory lock (on its seat: MarketSeat.ts; LeaderLock.ts alone on PGlite). On taking it, the
 * server raises the unit's epoch and rebuilds its books (ownership.ts, recovery.ts), then matches
 * its own commands and those others forward (IntakeRunner.ts), every batch fenced by the epoch
 * (Market.ts), and tells the other servers of each batch it commits on the event bus
 * (marketCommits.ts). Every other server forwards its commands (Forwarder.ts), keeps a replica of
 * the unit's books and open orders up with that news (CommitFollower.ts, BookReplica.ts), and
 * hands each batch to its own streams just as the owner does, book windows numbered alike
 * (BookWindows.ts). On PGlite the server is alone and owns the one unit at once.
 *
 * A command refused with `market.moved` by this server's own market did nothing (the fence is
 * the batch's first statement, or the batch never ran), so it is forwarded to the new owner
 * instead of failing.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PAIR_SYMBOLS, type PairSymbol } from '../../core/markets/pairs.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import { type Database, postgresPool } from '../storage/db.ts';
import { LEADER_RETRY_MS, type Role } from '../storage/LeaderLock.ts';
import { BookReplica } from './BookReplica.ts';
import { type BookChanges, BookWindows } from './BookWindows.ts';
import type { Command } from './Command.ts';
import { CommitFollower } from './CommitFollower.ts';
import type { OrderBook } from './engine/index.ts';
import type { FeeSplit } from './FeeSplit.ts';
import { Forwarder } from './Forwarder.ts';
import { IntakeRunner } from './IntakeRunner.ts';
import type { Answered } from './intake.ts';
import type { JointBatches } from './JointBatches.ts';
import type { Lender, LentUnit } from './lending.ts';
import { Market } from './Market.ts';
import { type BatchNews, carriedBatch, newsOf, readBatch } from './marketCommits.ts';
import type { GroupMakers } from './OrderGroup.ts';
import type { OrderRow } from './orderRows.ts';
import { OwnerSilence } from './ownerHeartbeat.ts';
import { claimMarket, marketSeq } from './ownership.ts';
import type { BatchPosition, MarketBatch, Publisher } from './Publisher.ts';
import { type Journal, readMaxIds } from './recovery.ts';
import type { FeeRates } from './settlement.ts';
import type { MarketUnit } from './units.ts';

/**
 * A follower refuses orders (`market.paused`) once the owner has been silent this long: well
 * past the failover's few seconds, so it happens only when no server takes over.
 */
const PAUSED_AFTER_MS = 10_000;

/** What the spot market needs besides its database and fees. */
export interface SpotMarketOptions {
  /** The referrers' share of fees, paid in each batch. */
  feeSplit: FeeSplit;
  /** Makers of the order groups other servers may forward (a swap's legs). */
  groups: GroupMakers;
  log: FastifyBaseLogger;
  /** The bus the owner tells the other servers of its batches on. */
  events: ServerEventBus;
  /**
   * Hears a NOTIFY channel on the relay's connection (the intake's and the commits'); without it
   * the owner and the forwarders still look every `retryMs`.
   */
  listen?: (channel: string, hear: (payload: string) => void) => Promise<() => void>;
  /** Calls a listener whenever the bus's relay reconnected (news may have been lost meanwhile). */
  onRelayReconnect?: (listener: () => void) => () => void;
  /** How often a follower tries for the market, and everyone polls for missed notifications. */
  retryMs?: number;
  /** False keeps this server from ever matching when it shares its database: it forwards. */
  mayMatch?: boolean;
  /**
   * One unit per pair, spread over the servers that may match (PostgreSQL only; see units.ts and
   * MarketSeat.ts). Off by default: the whole market is one unit.
   */
  spread?: boolean;
  /** Pairs this server takes first when spread, and keeps while it lives. */
  pins?: readonly PairSymbol[];
}

/** How a unit's lock is held: tried now and after, `lead` run whenever it is taken. */
export type UnitLocking = (
  name: string,
  lead: () => Promise<Role>,
) => Promise<{ close(): Promise<void> }>;

/** What the units of one market share: its listeners, and the role run while owning a unit. */
export interface UnitShared {
  publisher: Publisher;
  restarts: Set<() => void>;
  /** Lends other units' books to this unit's groups over two units (lending.ts). */
  lender?: Lender;
  /** A unit's book window numbers after a batch another unit ran for it changed `pairs`. */
  booksAfter?: (unit: string, pairs: readonly PairSymbol[]) => number[];
  /** Runs the batches of every unit this server owns as one (JointBatches.ts); spread only. */
  joint?: JointBatches;
  /** Runs while this server owns the unit (the demo market on the unit's pairs). */
  whileOwning?: (local: Market) => Promise<Role>;
}

/** The parts only a server sharing its database has. */
interface Following {
  replica: BookReplica;
  follower: CommitFollower;
  forwarder: Forwarder;
  stop: () => void;
}

/** See the file comment. */
export class UnitMarket {
  private local: Market | null = null;
  private runner: IntakeRunner | null = null;
  private following: Following | null = null;
  private lock: { close(): Promise<void> } | null = null;
  /** How long the owner has been silent (ownerHeartbeat.ts), read at most once a retry. */
  private readonly ownerSilence: OwnerSilence;
  private windows: BookWindows | null = null;

  private constructor(
    private readonly db: Database,
    /** The fee rates every order pays. */
    readonly fees: FeeRates,
    /** The pairs it matches, and the name of its lock, epoch and intake. */
    readonly unit: MarketUnit,
    private readonly options: SpotMarketOptions,
    private readonly shared: UnitShared,
    private readonly retryMs: number,
  ) {
    this.ownerSilence = new OwnerSilence(db, unit.name, retryMs);
  }

  /**
   * Opens the unit: owned by this server when it takes the lock (`locking`; none: this server
   * never matches), forwarded to the owner else.
   */
  static async open(
    db: Database,
    fees: FeeRates,
    unit: MarketUnit,
    options: SpotMarketOptions,
    shared: UnitShared,
    locking: UnitLocking | null,
  ): Promise<UnitMarket> {
    const retryMs = options.retryMs ?? LEADER_RETRY_MS;
    const market = new UnitMarket(db, fees, unit, options, shared, retryMs);
    if (postgresPool(db) !== null) {
      market.following = await market.follow();
      market.windows = new BookWindows((pair) => market.book(pair));
      market.following.follower.number(market.windows);
    }
    if (locking !== null) market.lock = await locking(unit.name, () => market.own());
    return market;
  }

  /** Whether this server matches the unit now. */
  get owning(): boolean {
    return this.local !== null && !this.local.moved;
  }

  /** A pair's book, read-only use (depth, last price); a follower's is its replica's. */
  book(pair: PairSymbol): OrderBook {
    return this.local?.book(pair) ?? this.replica().book(pair);
  }

  /** A pair's book window as the streams publish it: the snapshot a new subscriber gets. */
  bookSnapshot(pair: PairSymbol): BookChanges {
    if (this.windows === null) throw new Error('the market is not open yet');
    return this.windows.snapshot(pair);
  }

  /** The account's open orders, oldest first (the owner's books, or a follower's replica). */
  openOrders(userId: number, pair: PairSymbol | null): OrderRow[] {
    return this.local?.openOrders(userId, pair) ?? this.replica().openOrders(userId, pair);
  }

  /** Resolves once this server's books of the unit hold every batch committed before the call. */
  async caughtUp(): Promise<void> {
    if (this.local === null) await this.following?.follower.caughtUp();
  }

  /** This unit's books as this server holds them, for another unit's batch to borrow. */
  lending(): LentUnit {
    return {
      unit: this.unit.name,
      position: () => {
        if (this.local !== null) return this.local.position;
        return this.following?.follower.at ?? null;
      },
      journal: () =>
        this.local?.journal() ?? this.replica().journal({ order_id: null, trade_id: null }),
      behind: () => {
        if (this.local === null) void this.following?.follower.caughtUp();
      },
    };
  }

  /**
   * The window numbers after a batch another unit ran for this one changed `pairs` (each one on);
   * a follower whose numbers differ from the owner's restarts its windows on the news.
   */
  booksAfter(pairs: readonly PairSymbol[]): number[] {
    const windows = this.windows;
    if (windows === null) return [];
    const changed = new Set(pairs);
    return windows.sequences().map((sequence, index) => {
      const pair = PAIR_SYMBOLS[index];
      return pair !== undefined && changed.has(pair) ? sequence + 1 : sequence;
    });
  }

  /** Commands wait in the unit's intake (a notification): the owner reads them. */
  intakeWoken(): void {
    this.runner?.wake();
  }

  /** A batch of the unit answered forwarded commands (a notification): `answers` it carried. */
  commitsHeard(answers: ReadonlyMap<number, Answered> | null): void {
    this.following?.forwarder.committed(answers);
  }

  /** Waits for every command queued here or forwarded from here to be done (tests, shutdown). */
  async settled(): Promise<void> {
    await this.local?.settled();
    await this.following?.forwarder.settled();
  }

  /** Settles, then gives the unit up for another server to take, and stops listening. */
  async close(): Promise<void> {
    await this.settled();
    await this.lock?.close();
    this.following?.forwarder.close();
    this.following?.stop();
  }

  /** Runs a command here while this server owns the unit, else forwards it to the owner. */
  async run(command: Command): Promise<OrderRow[]> {
    const local = this.local;
    if (local !== null && !local.moved) {
      try {
        return await local.enqueue(command);
      } catch (error) {
        if (!isMoved(error) || this.following === null) throw error;
      }
    }
    if (this.following === null) throw refusal('market.moved');
    return this.following.forwarder.forward(command);
  }

  /**
   * No owner for long (none may match, or none is up): forwarded commands are refused now rather
   * than left waiting.
   */
  private async ownerHeard(): Promise<void> {
    if (!(await this.ownerSilence.heardWithin(PAUSED_AFTER_MS))) throw refusal('market.paused');
  }

  /** Takes the unit: a new epoch, books rebuilt after it, then matching (the lock's role). */
  private async own(): Promise<Role> {
    // This server speaks for the unit now (its seat beats for it: ownerHeartbeat.ts).
    this.ownerSilence.spoke();
    const name = this.unit.name;
    const owner = this.following === null ? null : await claimMarket(this.db, name);
    const { feeSplit, groups } = this.options;
    const journal = owner === null ? null : await this.replicaJournal();
    const market = await Market.open(this.db, this.fees, feeSplit, owner, journal, this.unit);
    if (this.shared.lender !== undefined) market.lendFrom(this.shared.lender);
    if (this.shared.joint !== undefined) market.joinBatches(this.shared.joint);
    const unlisten = market.onCommit((batch) => this.committedHere(batch));
    const runner =
      owner === null ? null : new IntakeRunner(this.db, market, owner, groups, this.retryMs);
    this.local = market;
    this.runner = runner;
    // The books were read whole, maybe with batches this server never heard of.
    if (this.windows === null) this.windows = new BookWindows((pair) => this.book(pair));
    else this.restartWindows();
    const whileOwning = await this.startOwnersRole(market);
    return {
      stop: async () => {
        await whileOwning?.stop();
        // Commands from now on go to whoever owns the unit next; queued ones follow them.
        this.local = null;
        this.runner = null;
        market.fence();
        await runner?.stop();
        await market.settled();
        unlisten();
        await this.following?.follower.resync();
      },
    };
  }

  /**
   * A batch this server committed as the owner: its streams first, then the other servers. The
   * parts of another unit (a group over two units) go out as that unit's news, which every
   * server, this one too, takes as it takes that unit's own.
   */
  private committedHere(whole: MarketBatch): void {
    const foreign = whole.foreign ?? [];
    const theirs = new Set<string>(foreign.flatMap((part) => part.pairs));
    const batch = partOf(whole, (pair) => !theirs.has(pair));
    const windows = this.windows;
    const books = new Map<PairSymbol, BookChanges>();
    // Books read again in the batch: every subscriber takes a fresh snapshot instead.
    if (whole.reread === true) this.restartWindows();
    else {
      for (const pair of new Set(batch.orders.map((row) => row.pair as PairSymbol))) {
        const changes = windows?.advance(pair) ?? null;
        if (changes !== null) books.set(pair, changes);
      }
    }
    if (batch.orders.length > 0) this.shared.publisher.publish({ ...batch, books });
    // Every batch, even one that changed nothing, so the others see its number and no gap.
    if (batch.position === null || windows === null) return;
    for (const news of newsOf(this.unit.name, batch.position, batch, windows.sequences())) {
      this.options.events.publish('market.committed', news);
    }
    for (const { unit, pairs, position, seq, accounts } of foreign) {
      const mine = partOf(whole, (pair) => pairs.includes(pair));
      const part = { ...mine, credited: [], position, seq, accounts };
      const numbers = this.shared.booksAfter?.(unit, pairs) ?? [];
      for (const news of newsOf(unit, position, part, numbers)) {
        this.options.events.publish('market.committed', news);
      }
    }
  }

  /**
   * News of this unit heard while owning it: its own batches (a bus shared in one process), or
   * one another unit's batch counted for it (lending.ts). Then the books are read again, the
   * windows start again, and the batch's rows (carried in the news, else read back) reach this
   * server's streams: its makers' fills among them.
   */
  private async heardWhileOwning(news: BatchNews): Promise<void> {
    const local = this.local;
    const at = local?.position;
    if (local === null || news.market !== this.unit.name || news.part !== 0) return;
    if (at === undefined || at === null || news.epoch !== at.epoch || news.batch <= at.batch) {
      return;
    }
    await local.refresh();
    this.restartWindows();
    // A batch in parts is left to the account streams' gaps: they read what they missed.
    const carried =
      carriedBatch([news]) ??
      (news.parts === 1 ? await readBatch(this.db, [news]).catch(() => null) : null);
    if (carried !== null) this.shared.publisher.publish({ ...carried, books: new Map() });
  }

  /**
   * The replica's books as the new owner's, when it holds the last batch committed (the claim
   * waited for any batch in flight, and fences every later one): the open orders need not be
   * read again. Null when it lags; the books are then read from the database.
   */
  private async replicaJournal(): Promise<Journal | null> {
    const replica = this.following?.replica;
    if (replica === undefined) return null;
    const [seq, maxIds] = await Promise.all([
      marketSeq(this.db, this.unit.name),
      readMaxIds(this.db),
    ]);
    return replica.seq === seq ? replica.journal(maxIds) : null;
  }

  /** What runs while owning; its failure is logged, never a reason to give the unit up. */
  private async startOwnersRole(local: Market): Promise<Role | null> {
    try {
      return (await this.shared.whileOwning?.(local)) ?? null;
    } catch (error) {
      this.options.log.error({ err: error }, 'spot market: the owner role did not start');
      return null;
    }
  }

  /** Starts the windows again one number on, and asks every subscriber to take a snapshot. */
  private restartWindows(): void {
    this.windows?.restart();
    for (const listener of this.shared.restarts) listener();
  }

  /**
   * A follower's replica, the news that keeps it up, and the forwarder (kept while owning, for
   * the next loss). The intake's and commits' notifications reach it through the spot market.
   */
  private async follow(): Promise<Following> {
    const { events, onRelayReconnect, log } = this.options;
    const name = this.unit.name;
    const replica = new BookReplica(this.db, this.fees, name, this.unit.pairs);
    const follower = new CommitFollower(
      this.db,
      name,
      replica,
      {
        committed: (committed) => this.shared.publisher.publish(committed),
        restarted: () => {
          for (const listener of this.shared.restarts) listener();
        },
      },
      log,
    );
    await follower.resync();
    // The owner hears its own news on a bus shared in one process (tests): it has it already.
    const stopHearing = events.subscribe('market.committed', (news) => {
      if (this.local === null) follower.hear(news);
      else void this.heardWhileOwning(news);
    });
    const stopReconnects = onRelayReconnect?.(() => {
      if (this.local === null) void follower.resync();
    });
    // Once this server owns the unit its own books hold every answered batch, and the
    // replica hears no more news: an answer forwarded before the takeover waits for neither.
    const progress = {
      caughtUp: () => (this.local === null ? follower.caughtUp() : undefined),
      reached: (at: BatchPosition) => (this.local === null ? follower.reached(at) : undefined),
    };
    const admit = () => this.ownerHeard();
    const forwarder = new Forwarder(this.db, name, progress, admit, this.retryMs);
    const stop = () => {
      stopHearing();
      stopReconnects?.();
    };
    return { replica, follower, forwarder, stop };
  }

  private replica(): BookReplica {
    if (this.following === null) throw new Error('a market alone has no replica');
    return this.following.replica;
  }
}

/** The rows of a batch on the pairs `mine` keeps. */
function partOf(batch: MarketBatch, mine: (pair: PairSymbol) => boolean): MarketBatch {
  return {
    ...batch,
    orders: batch.orders.filter((row) => mine(row.pair as PairSymbol)),
    trades: batch.trades.filter((trade) => mine(trade.pair as PairSymbol)),
  };
}

function isMoved(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'market.moved';
}
