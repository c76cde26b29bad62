/**
 * The spot market as every caller sees it, whichever servers match it: a router over its units
 * of ownership (units.ts). By default the whole market is one unit, matched by one server and
 * forwarded to by the others (UnitMarket.ts); spread, each pair is a unit of its own, taken by
 * the servers that may match in fair shares (MarketSeat.ts). A command goes to the unit of its
 * pair: run here when this server owns it, forwarded to its owner otherwise. A cancel by
 * reference goes to the unit of the order's pair; a cancel of every pair, and the open orders of
 * every pair, go to every unit. An order group (a swap's legs) is placed whole in one batch of
 * its first leg's unit, the other leg's unit's books lent to it when the two differ
 * (lending.ts); a group over more than two units, or naming no pairs, is refused
 * (`market.groupSplit`), never placed half.
 */
import type { PairSymbol } from '../../core/markets/pairs.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';
import { type Database, postgresPool } from '../storage/db.ts';
import { LEADER_RETRY_MS, LeaderLock, type Role } from '../storage/LeaderLock.ts';
import type { BookChanges } from './BookWindows.ts';
import type { Command, OrderDraft, OrderRef } from './Command.ts';
import { ClosedOrders } from './closedOrders.ts';
import type { OrderBook } from './engine/index.ts';
import { COMMITS_CHANNEL, commitsHeard, INTAKE_CHANNEL } from './intake.ts';
import { JointBatches } from './JointBatches.ts';
import type { Market } from './Market.ts';
import { MarketSeat } from './MarketSeat.ts';
import type { OrderGroup } from './OrderGroup.ts';
import { cancelRefusal, findOrder, refText } from './orderLookup.ts';
import type { OrderRow } from './orderRows.ts';
import { lockNameOf } from './ownership.ts';
import { type Committed, Publisher } from './Publisher.ts';
import type { FeeRates } from './settlement.ts';
import { requireSameSpread } from './spreadGuard.ts';
import { type SpotMarketOptions, type UnitLocking, UnitMarket } from './UnitMarket.ts';
import { type MarketUnit, unitsOf } from './units.ts';

export type { SpotMarketOptions } from './UnitMarket.ts';

/** What the spot market is opened with, besides what each unit needs. */
export interface SpotMarketSetup extends SpotMarketOptions {
  /**
   * Runs while this server owns a unit of the market (the demo market's traders), once per unit
   * it owns, stopped when it gives that unit up; `local` is the market this server matches for
   * the unit, of `pairs`, whose `alone` only the demo market's past uses.
   */
  whileOwning?: (market: SpotMarket, local: Market, pairs: readonly PairSymbol[]) => Promise<Role>;
}

/**
 * How often a group over two units is tried while the copy of the other unit lags, and the
 * pause before each next try (times the tries so far, some 1.1 s in all): the copy takes a
 * batch's news within milliseconds, and reads the unit again within a second when no news comes
 * (a new owner that has run no batch).
 */
const GROUP_TRIES = 10;
const GROUP_RETRY_MS = 25;

/**
 * A command handed to its unit: its answer, and when it had to read first (a cancel of an order
 * this server does not hold), the moment it is queued in its unit; null when queued at once.
 */
interface Sent<T> {
  answer: Promise<T>;
  queued: Promise<void> | null;
}

/** See the file comment. */
export class SpotMarket {
  private readonly byPair = new Map<PairSymbol, UnitMarket>();
  private readonly publisher = new Publisher();
  /** Orders committed closed lately: a cancel of one is refused without a read. */
  private readonly closed = new ClosedOrders();
  private readonly restarts = new Set<() => void>();
  private stopListening: (() => void)[] = [];
  private seat: MarketSeat | null = null;
  /**
   * Per account, the last of its commands still on its way to a unit (one that had to read
   * first). The account's later commands wait until it is queued, so each reaches its unit in the
   * order the account asked: a socket's requests start in order, and a cancel that reads the
   * order's pair must not be overtaken by the cancel-all sent after it. Absent while nothing of
   * the account is on its way: commands are queued as they are called.
   */
  private readonly onTheirWay = new Map<number, Promise<void>>();

  private constructor(
    private readonly db: Database,
    /** The fee rates every order pays. */
    readonly fees: FeeRates,
    private readonly units: UnitMarket[],
  ) {
    this.publisher.listen((committed) => this.closed.note(committed.orders));
  }

  /** Opens every unit: owned here when this server takes it, forwarded to its owner else. */
  static async open(db: Database, fees: FeeRates, options: SpotMarketSetup): Promise<SpotMarket> {
    const pool = postgresPool(db);
    const units = unitsOf(pool !== null && options.spread === true);
    if (pool !== null) await requireSameSpread(db, options.spread === true);
    const market = new SpotMarket(db, fees, []);
    // Alone on PGlite a server always matches; sharing a database, only where the operator lets it.
    const mayMatch = pool === null || options.mayMatch !== false;
    const locking = mayMatch ? await market.locking(units, options) : null;
    const { whileOwning } = options;
    // Spread, the units this server owns run their batches as one.
    const joint = units.length > 1 ? new JointBatches(db, options.feeSplit) : undefined;
    for (const unit of units) {
      const shared = {
        ...(joint === undefined ? {} : { joint }),
        publisher: market.publisher,
        restarts: market.restarts,
        lender: (pair: PairSymbol) => market.byPair.get(pair)?.lending() ?? null,
        booksAfter: (name: string, pairs: readonly PairSymbol[]) =>
          market.units.find((each) => each.unit.name === name)?.booksAfter(pairs) ?? [],
        ...(whileOwning === undefined
          ? {}
          : { whileOwning: (local: Market) => whileOwning(market, local, unit.pairs) }),
      };
      const opened = await UnitMarket.open(db, fees, unit, options, shared, locking);
      market.units.push(opened);
      for (const pair of unit.pairs) market.byPair.set(pair, opened);
    }
    await market.listen(options);
    return market;
  }

  /** Whether this server matches every unit of the market now. */
  get owning(): boolean {
    return this.units.every((unit) => unit.owning);
  }

  /** The pairs this server matches now. */
  get ownedPairs(): PairSymbol[] {
    return this.units.filter((unit) => unit.owning).flatMap((unit) => unit.unit.pairs);
  }

  /** A pair's book, read-only use (depth, last price); a follower's is its replica's. */
  book(pair: PairSymbol): OrderBook {
    return this.unitOf(pair).book(pair);
  }

  /** Places an order; resolves once it, its fills and their ledger entries are committed. */
  async place(userId: number, pair: PairSymbol, draft: OrderDraft): Promise<OrderRow> {
    const [row] = await this.inTurn(userId, () =>
      queuedNow(this.unitOf(pair).run({ kind: 'place', userId, pair, draft })),
    );
    if (row === undefined) throw new Error('place answered nothing');
    return row;
  }

  /**
   * Cancels one open order of the account; one it has but no longer open is refused as
   * `order.closed`, one it never had as `order.notFound`.
   */
  async cancel(userId: number, ref: OrderRef): Promise<OrderRow> {
    let rows: OrderRow[];
    try {
      rows = await this.inTurn(userId, () => this.cancelInUnit(userId, ref));
    } catch (error) {
      if (!(error instanceof DomainError) || error.code !== 'order.notFound') throw error;
      throw await cancelRefusal(this.db, userId, ref, error, this.closed);
    }
    const [row] = rows;
    if (row === undefined) throw new Error('cancel answered nothing');
    return row;
  }

  /** Cancels every open order of the account, of one pair or everywhere. */
  cancelAll(userId: number, pair: PairSymbol | null): Promise<OrderRow[]> {
    return this.inTurn(userId, () => queuedNow(this.cancelAllNow(userId, pair)));
  }

  private async cancelAllNow(userId: number, pair: PairSymbol | null): Promise<OrderRow[]> {
    if (pair !== null) return this.unitOf(pair).run({ kind: 'cancelAll', userId, pair });
    const command: Command = { kind: 'cancelAll', userId, pair: null };
    const each = await Promise.all(this.units.map((unit) => unit.run(command)));
    return each.flat().sort((a, b) => a.id - b.id);
  }

  /**
   * Places a group of orders whole or not at all; resolves with their rows once committed. A
   * group over two units runs in one batch of its first leg's unit, the other's books lent to it
   * (lending.ts); refused as busy while the copy lent lags, it is tried again once caught up.
   */
  placeGroup(group: OrderGroup): Promise<OrderRow[]> {
    return this.inTurn(group.userId, () => queuedNow(this.placeGroupNow(group)));
  }

  private async placeGroupNow(group: OrderGroup): Promise<OrderRow[]> {
    const [first, ...others] = this.units;
    if (first === undefined) throw new Error('a market of no units');
    const command: Command = { kind: 'group', group };
    if (others.length === 0) return first.run(command);
    const units = [...new Set((group.pairs ?? []).map((pair) => this.unitOf(pair)))];
    const [coordinator, lent, ...more] = units;
    if (coordinator === undefined || more.length > 0) throw refusal('market.groupSplit');
    for (let tries = 1; ; tries += 1) {
      try {
        return await coordinator.run(command);
      } catch (error) {
        if (!isBusy(error) || lent === undefined || tries >= GROUP_TRIES) throw error;
      }
      await lent.caughtUp();
      await new Promise((wake) => setTimeout(wake, GROUP_RETRY_MS * tries));
    }
  }

  /** A pair's book window as the streams publish it: the snapshot a new subscriber gets. */
  bookSnapshot(pair: PairSymbol): BookChanges {
    return this.unitOf(pair).bookSnapshot(pair);
  }

  /** The account's open orders, oldest first (the owners' books, or a follower's replicas). */
  openOrders(userId: number, pair: PairSymbol | null): OrderRow[] {
    if (pair !== null) return this.unitOf(pair).openOrders(userId, pair);
    const each = this.units.map((unit) => unit.openOrders(userId, null));
    return each.flat().sort((a, b) => a.id - b.id);
  }

  /**
   * The account's open orders as of this call: a follower first takes every batch committed
   * before it, so an order the owner answered a moment ago is listed whichever server is asked.
   */
  async currentOpenOrders(userId: number, pair: PairSymbol | null): Promise<OrderRow[]> {
    const units = pair === null ? this.units : [this.unitOf(pair)];
    await Promise.all(units.map((unit) => unit.caughtUp()));
    return this.openOrders(userId, pair);
  }

  /**
   * Calls `listener` after each committed batch that changed an order, whichever server owns
   * its unit: as the owner, before the unit's next batch runs; as a follower, once the replica
   * took it. Returns the function that stops the calls.
   */
  onCommit(listener: (committed: Committed) => void): () => void {
    return this.publisher.listen(listener);
  }

  /**
   * Calls `listener` when a unit's book windows started again from books read whole (a new
   * owner, or a follower that may have missed a batch): every stream subscriber needs a fresh
   * snapshot. Returns the function that stops the calls.
   */
  onRestart(listener: () => void): () => void {
    this.restarts.add(listener);
    return () => this.restarts.delete(listener);
  }

  /** Waits for every command queued here or forwarded from here to be done (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all(this.units.map((unit) => unit.settled()));
  }

  /** Settles, then gives every unit up for another server to take, and stops listening. */
  async close(): Promise<void> {
    await this.seat?.stopTaking();
    await Promise.all(this.units.map((unit) => unit.close()));
    await this.seat?.close();
    for (const stop of this.stopListening) stop();
  }

  private unitOf(pair: PairSymbol): UnitMarket {
    const unit = this.byPair.get(pair);
    if (unit === undefined) throw new Error(`no unit matches ${pair}`);
    return unit;
  }

  /**
   * A cancel goes to the unit of the order's pair (held in memory, else read; one closed lately
   * needs neither). An order not stored yet (placed a moment ago, its batch not committed) may
   * wait in any unit's queue: the cancel goes to each, behind what each has, and the one that
   * finds it answers.
   */
  private cancelInUnit(userId: number, ref: OrderRef): Sent<OrderRow[]> {
    const command: Command = { kind: 'cancel', userId, ref };
    const [only] = this.units;
    if (this.units.length === 1 && only !== undefined) return queuedNow(only.run(command));
    const held = this.heldPair(userId, ref);
    if (held !== undefined) return queuedNow(this.unitOf(held).run(command));
    // Closed lately (statuses never reopen): answered as closed by `cancel`, without a read.
    if (this.closed.statusOf(userId, ref) !== undefined) {
      return queuedNow(Promise.reject(refusal('order.notFound', { ref: refText(ref) })));
    }
    // Boxed, so the queued moment does not wait for the answer.
    const sending = findOrder(this.db, userId, ref).then((stored) => ({
      answer:
        stored === undefined
          ? this.cancelEverywhere(command, ref)
          : this.unitOf(stored.pair as PairSymbol).run(command),
    }));
    return { answer: sending.then((box) => box.answer), queued: sending.then(() => undefined) };
  }

  /**
   * Runs in turn after the account's command still on its way, if any (see `onTheirWay`), and
   * notes this one while it is on its way in turn.
   */
  private inTurn<T>(userId: number, send: () => Sent<T>): Promise<T> {
    const before = this.onTheirWay.get(userId);
    if (before === undefined) {
      const sent = send();
      if (sent.queued !== null) this.noteOnItsWay(userId, sent.queued);
      return sent.answer;
    }
    const sending = before.then(() => {
      const sent = send();
      return { answer: sent.answer, queued: sent.queued ?? Promise.resolve() };
    });
    const queued = sending.then((sent) => sent.queued);
    this.noteOnItsWay(userId, queued);
    return sending.then((sent) => sent.answer);
  }

  private noteOnItsWay(userId: number, queued: Promise<void>): void {
    // Whether it was queued or failed on its way, the next may go: a failure never blocks them.
    const settled = queued.then(
      () => undefined,
      () => undefined,
    );
    this.onTheirWay.set(userId, settled);
    void settled.then(() => {
      if (this.onTheirWay.get(userId) === settled) this.onTheirWay.delete(userId);
    });
  }

  /**
   * A cancel of an order not stored yet (placed a moment ago, its batch not committed), which may
   * wait in any unit's queue: sent to each, behind what each has, and the one that finds it
   * answers.
   */
  private async cancelEverywhere(command: Command, ref: OrderRef): Promise<OrderRow[]> {
    const tries = await Promise.allSettled(this.units.map((unit) => unit.run(command)));
    const done = tries.find((each) => each.status === 'fulfilled');
    if (done !== undefined) return done.value;
    const failed = tries.find((each) => each.status === 'rejected' && !isNotFound(each.reason)) as
      | PromiseRejectedResult
      | undefined;
    throw failed?.reason ?? refusal('order.notFound', { ref: refText(ref) });
  }

  /**
   * The pair of the account's order `ref` names, when this server's books or replicas hold it
   * open: an order's pair never changes, so it is its unit whatever happened since, and no read
   * is needed. Undefined when none holds it (closed, or not heard of yet): the database says.
   */
  private heldPair(userId: number, ref: OrderRef): PairSymbol | undefined {
    const named = (row: OrderRow) =>
      'id' in ref ? row.id === ref.id : row.client_order_id === ref.clientOrderId;
    for (const unit of this.units) {
      const row = unit.openOrders(userId, null).find(named);
      if (row !== undefined) return row.pair as PairSymbol;
    }
    return undefined;
  }

  /**
   * How each unit's lock is held: alone (PGlite), at once; sharing the database, on this
   * server's seat, whose one beat speaks for every unit it owns (pins only when spread).
   */
  private async locking(units: MarketUnit[], options: SpotMarketOptions): Promise<UnitLocking> {
    const retryMs = options.retryMs ?? LEADER_RETRY_MS;
    if (postgresPool(this.db) === null) {
      return (name, lead) => LeaderLock.hold(this.db, lockNameOf(name), lead, options.log, retryMs);
    }
    const pins = units.length > 1 ? (options.pins ?? []) : [];
    const seat = await MarketSeat.open(this.db, units, pins, options.log, retryMs);
    this.seat = seat;
    return (name, lead) => seat.hold(name, lead);
  }

  /** The intake's and commits' notifications, handed to the unit they name. */
  private async listen(options: SpotMarketOptions): Promise<void> {
    const byName = new Map(this.units.map((unit) => [unit.unit.name, unit]));
    const heard = (hear: (unit: UnitMarket) => void) => (payload: string) => {
      const unit = byName.get(payload);
      if (unit !== undefined) hear(unit);
    };
    const stops = await Promise.all([
      options.listen?.(
        INTAKE_CHANNEL,
        heard((unit) => unit.intakeWoken()),
      ),
      options.listen?.(COMMITS_CHANNEL, (payload) => {
        const { market, answers } = commitsHeard(payload);
        byName.get(market)?.commitsHeard(answers);
      }),
    ]);
    this.stopListening = stops.filter((stop) => stop !== undefined);
    await this.seat?.start();
  }
}

function isBusy(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'market.groupBusy';
}

function isNotFound(error: unknown): boolean {
  return error instanceof DomainError && error.code === 'order.notFound';
}

/** A command its unit queued as it was called. */
function queuedNow<T>(answer: Promise<T>): Sent<T> {
  return { answer, queued: null };
}
