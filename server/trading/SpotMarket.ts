/**
 * The spot market as every caller sees it, whichever server matches. Among servers on one
 * PostgreSQL database exactly one owns the market: the one holding its advisory lock
 * (LeaderLock.ts). On taking it, the server raises the market's epoch and rebuilds the books
 * (ownership.ts, recovery.ts), then matches its own commands and those others forward
 * (IntakeRunner.ts), every batch fenced by the epoch (Market.ts). Every other server forwards
 * its commands (Forwarder.ts) and reads books and open orders from a replica rebuilt after the
 * owner's commits (BookReplica.ts). On PGlite the server is alone and owns the market at once.
 *
 * A command refused with `market.moved` by this server's own market did nothing (the fence is
 * the batch's first statement, or the batch never ran), so it is forwarded to the new owner
 * instead of failing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PairSymbol } from '../../core/markets/pairs.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';
import { type Database, postgresPool } from '../storage/db.ts';
import { LEADER_RETRY_MS, LeaderLock, type Role } from '../storage/LeaderLock.ts';
import { Notifications } from '../storage/Notifications.ts';
import { BookReplica } from './BookReplica.ts';
import type { Command, OrderDraft, OrderRef } from './Command.ts';
import type { OrderBook } from './engine/index.ts';
import type { FeeSplit } from './FeeSplit.ts';
import { Forwarder } from './Forwarder.ts';
import { IntakeRunner } from './IntakeRunner.ts';
import { COMMITS_CHANNEL, INTAKE_CHANNEL } from './intake.ts';
import { Market } from './Market.ts';
import type { GroupMakers, OrderGroup } from './OrderGroup.ts';
import type { OrderRow } from './orderRows.ts';
import { claimMarket, lockNameOf, SPOT_MARKET } from './ownership.ts';
import { type Committed, Publisher } from './Publisher.ts';
import type { FeeRates } from './settlement.ts';

/** What the spot market needs besides its database and fees. */
export interface SpotMarketOptions {
  /** The referrers' share of fees, paid in each batch. */
  feeSplit: FeeSplit;
  /** Makers of the order groups other servers may forward (a swap's legs). */
  groups: GroupMakers;
  log: FastifyBaseLogger;
  /** How often a follower tries for the market, and everyone polls for missed notifications. */
  retryMs?: number;
}

/** The parts only a server sharing its database has. */
interface Following {
  replica: BookReplica;
  forwarder: Forwarder;
  notifications: Notifications;
}

/** See the file comment. */
export class SpotMarket {
  private local: Market | null = null;
  private runner: IntakeRunner | null = null;
  private following: Following | null = null;
  private lock: LeaderLock | null = null;
  private readonly publisher = new Publisher();

  private constructor(
    private readonly db: Database,
    /** The fee rates every order pays. */
    readonly fees: FeeRates,
    private readonly options: SpotMarketOptions,
    private readonly retryMs: number,
  ) {}

  /** Opens the market: owned by this server when it takes the lock, forwarded to the owner else. */
  static async open(db: Database, fees: FeeRates, options: SpotMarketOptions): Promise<SpotMarket> {
    const retryMs = options.retryMs ?? LEADER_RETRY_MS;
    const market = new SpotMarket(db, fees, options, retryMs);
    const pool = postgresPool(db);
    if (pool !== null) market.following = await market.follow(pool);
    market.lock = await LeaderLock.hold(
      db,
      lockNameOf(SPOT_MARKET),
      () => market.own(),
      options.log,
      retryMs,
    );
    return market;
  }

  /** Whether this server matches the market now. */
  get owning(): boolean {
    return this.local !== null && !this.local.moved;
  }

  /** A pair's book, read-only use (depth, last price); a follower's is its replica's. */
  book(pair: PairSymbol): OrderBook {
    return this.local?.book(pair) ?? this.replica().book(pair);
  }

  /** Places an order; resolves once it, its fills and their ledger entries are committed. */
  async place(userId: number, pair: PairSymbol, draft: OrderDraft): Promise<OrderRow> {
    const [row] = await this.run({ kind: 'place', userId, pair, draft });
    if (row === undefined) throw new Error('place answered nothing');
    return row;
  }

  /** Cancels one open order of the account. */
  async cancel(userId: number, ref: OrderRef): Promise<OrderRow> {
    const [row] = await this.run({ kind: 'cancel', userId, ref });
    if (row === undefined) throw new Error('cancel answered nothing');
    return row;
  }

  /** Cancels every open order of the account, of one pair or everywhere. */
  cancelAll(userId: number, pair: PairSymbol | null): Promise<OrderRow[]> {
    return this.run({ kind: 'cancelAll', userId, pair });
  }

  /** Places a group of orders whole or not at all; resolves with their rows once committed. */
  placeGroup(group: OrderGroup): Promise<OrderRow[]> {
    return this.run({ kind: 'group', group });
  }

  /** The account's open orders, oldest first (the owner's books, or a follower's replica). */
  openOrders(userId: number, pair: PairSymbol | null): OrderRow[] {
    return this.local?.openOrders(userId, pair) ?? this.replica().openOrders(userId, pair);
  }

  /**
   * Calls `listener` after each batch this server commits as the owner, before the next batch
   * runs. Returns the function that stops the calls.
   */
  onCommit(listener: (committed: Committed) => void): () => void {
    return this.publisher.listen(listener);
  }

  /** Waits for every command queued here or forwarded from here to be done (tests, shutdown). */
  async settled(): Promise<void> {
    await this.local?.settled();
    await this.following?.forwarder.settled();
  }

  /** Settles, then gives the market up for another server to take, and stops listening. */
  async close(): Promise<void> {
    await this.settled();
    await this.lock?.close();
    this.following?.forwarder.close();
    await this.following?.notifications.close();
  }

  /** Runs a command here while this server owns the market, else forwards it to the owner. */
  private async run(command: Command): Promise<OrderRow[]> {
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

  /** Takes the market: a new epoch, books rebuilt after it, then matching (LeaderLock's role). */
  private async own(): Promise<Role> {
    const owner = this.following === null ? null : await claimMarket(this.db, SPOT_MARKET);
    const { feeSplit, groups } = this.options;
    const market = await Market.open(this.db, this.fees, feeSplit, owner);
    const unlisten = market.onCommit((committed) => this.publisher.publish(committed));
    const runner =
      owner === null ? null : new IntakeRunner(this.db, market, owner, groups, this.retryMs);
    this.local = market;
    this.runner = runner;
    return {
      stop: async () => {
        // Commands from now on go to whoever owns the market next; queued ones follow them.
        this.local = null;
        this.runner = null;
        market.fence();
        await runner?.stop();
        await market.settled();
        unlisten();
        await this.following?.replica.refresh();
      },
    };
  }

  /** A follower's replica, forwarder and notifications (kept while owning, for the next loss). */
  private async follow(pool: NonNullable<ReturnType<typeof postgresPool>>): Promise<Following> {
    const replica = await BookReplica.open(this.db, this.fees);
    const forwarder = new Forwarder(this.db, SPOT_MARKET, replica, this.retryMs);
    const handlers = new Map([
      [INTAKE_CHANNEL, (payload: string) => payload === SPOT_MARKET && this.runner?.wake()],
      [
        COMMITS_CHANNEL,
        (payload: string) => {
          if (payload !== SPOT_MARKET) return;
          forwarder.committed();
          if (this.local === null) void replica.refresh();
        },
      ],
    ]);
    const notifications = await Notifications.listen(pool, handlers, this.retryMs);
    return { replica, forwarder, notifications };
  }

  private replica(): BookReplica {
    if (this.following === null) throw new Error('a market alone has no replica');
    return this.following.replica;
  }
}

function isMoved(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'market.moved';
}
