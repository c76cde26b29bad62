/**
 * The spot market: the engine's books kept in step with the database. Every command (place,
 * cancel, cancel all, place a group) waits in one queue (Sequencer.ts); the queue runs in
 * batches, each batch in one database transaction: the engine matches the batch's commands one
 * after another (runCommand.ts, with risk.ts checking each hold and settleEvents.ts settling what
 * it did), then the orders, the trades and every ledger entry they cause are written
 * (writeBatch.ts), and only after the commit does any caller get an answer and any stream hear
 * of it (Publisher.ts). Several orders per transaction is what lets a durable market keep up.
 *
 * If a batch's transaction fails, nothing of it happened: its callers get an error and the books
 * are rebuilt from the database (recovery.ts), which is also what a restart does (`open`).
 *
 * An order group (a swap's legs) is one command, placed whole or not at all (placeGroup.ts).
 * A fee split (a referrer's share of each fee) is paid in the same batch as the fees.
 *
 * Among servers sharing a PostgreSQL database, the one market that matches is fenced by its
 * ownership (ownership.ts): each batch first holds the epoch it took, and a batch that finds
 * another epoch rolls back, answers `market.moved`, and this market matches nothing more. Commands
 * another server forwarded (intake.ts) run like local ones and are answered in the batch's
 * transaction, so an answer exists exactly when its effects do.
 */
import type { PairSymbol } from '../../core/markets/pairs.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { AccountIds } from '../wallet/ledger.ts';
import { type AccountSeq, type BatchSeqs, SeqPlan } from './accountSeqs.ts';
import { Batch } from './Batch.ts';
import { openBatch } from './batchOpening.ts';
import { BatchTransactions, type Finish } from './batchTransaction.ts';
import {
  type Command,
  clientOrderIdsOf,
  type OrderDraft,
  type OrderRef,
  spendsOf,
} from './Command.ts';
import type { OrderBook } from './engine/index.ts';
import type { FeeSplit } from './FeeSplit.ts';
import { type Answering, answering, answerOf } from './intake.ts';
import { knownOrders } from './knownOrders.ts';
import { countLent, type Lender, type Lent, lendForGroups } from './lending.ts';
import { MarketState } from './MarketState.ts';
import type { OrderGroup } from './OrderGroup.ts';
import type { OrderRow } from './orderRows.ts';
import {
  batchNumbering,
  marketSeq,
  type Ownership,
  SPOT_MARKET,
  seqNumbering,
} from './ownership.ts';
import { type BatchPosition, type ForeignPart, type MarketBatch, Publisher } from './Publisher.ts';
import { fillMarket, type Journal, type MaxIds, restoreMarket } from './recovery.ts';
import type { Balances } from './risk.ts';
import { runCommand } from './runCommand.ts';
import { Sequencer, type Waiting } from './Sequencer.ts';
import type { FeeRates } from './settlement.ts';
import type { TradesTable } from './TradingTables.ts';
import { ID_LANES, idLaneOf, inLane, type MarketUnit, WHOLE_MARKET } from './units.ts';
import { writeBatch } from './writeBatch.ts';

/**
 * A queued command, with its intake id when another server forwarded it, and its own time when
 * backdated (the demo market's past: see `alone`).
 */
export interface Queued {
  command: Command;
  intake: number | null;
  at: Date | null;
}

/**
 * The market as the demo market's past trades on it (`alone`): each command stamped with the time
 * its simulated clock reads, never a time to come.
 */
export interface Backdating {
  place(userId: number, pair: PairSymbol, draft: OrderDraft, at: Date): Promise<OrderRow>;
  cancel(userId: number, ref: OrderRef, at: Date): Promise<OrderRow>;
}

/**
 * What a batch's transaction leaves: the batch, its number in the owner's epoch (none alone), its
 * seq, each answer, who the split paid.
 */
export interface BatchDone {
  /** The orders that ended in it, dropped from memory once it commits. */
  ended: readonly number[];
  /** The orders it placed or changed, and its trades (a joined batch's: this unit's). */
  orders: OrderRow[];
  trades: readonly TradesTable[];
  number: number | null;
  seq: number;
  results: (OrderRow[] | DomainError)[];
  credited: number[];
  /** Other units' parts of it (a group over two units, lending.ts). */
  foreign: ForeignPart[];
  /** The seqs the accounts of this unit's part took (accountSeqs.ts). */
  accounts: AccountSeq[];
  /** Whether its books were read again in it (another server had counted a batch). */
  reread: boolean;
}

/** Runs a market's batches joined with other units' in one transaction (JointBatches.ts). */
export interface BatchJoiner {
  /** Runs the market's batch; resolves once it is done (committed and answered, or refused). */
  run(market: Market, waiting: Waiting<Queued, OrderRow[]>[]): Promise<void>;
}

/**
 * Times a batch is run again when PostgreSQL ended it to break a deadlock: batches of units side
 * by side may lock two accounts' balances in opposite orders (a maker on two pairs). Nothing of
 * the ended try was written, so the books are read again and the same commands run again.
 */
export const DEADLOCK_TRIES = 3;

/** Whether PostgreSQL ended the transaction to break a deadlock or a serialization conflict. */
export function isDeadlock(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/** See the file comment. */
export class Market {
  /** Its books and open orders. */
  readonly state: MarketState;
  private readonly sequencer = new Sequencer<Queued, OrderRow[]>((batch) => this.runBatch(batch));
  private readonly publisher = new Publisher<MarketBatch>();
  private readonly accounts = new AccountIds();
  private readonly transactions: BatchTransactions;
  private fenced = false;
  /** The seq of the last batch committed (ownership.ts): what the books stand at. */
  private committedSeq = 0;
  /** Books a failed batch left unlike the database, rebuilt before the next batch runs. */
  private stale = false;
  /** While the past plays (`alone`), other commands wait for this before they queue. */
  private pastPlaying: Promise<void> | null = null;
  /** The number in its epoch of the last batch of its unit this market's books hold. */
  private lastBatch = 0;
  /** Whether a batch runs now, and the books read again meanwhile (`refresh`). */
  private running = false;
  private refreshing: Promise<void> | null = null;
  /** Lends other units' books to groups over two units (lending.ts); none alone. */
  private lender: Lender | null = null;
  /** Whether the running batch found its books behind its unit (another server's batch). */
  private reread = false;
  /** The pairs lent to the running batch, with their units. */
  private lent: Lent[] = [];
  /** Runs this market's batches joined with other units' (a unit among several), else null. */
  private joint: BatchJoiner | null = null;

  private constructor(
    private readonly db: Database,
    readonly fees: FeeRates,
    private readonly feeSplit: FeeSplit,
    private readonly owner: Ownership | null,
    /** The pairs it matches (units.ts). */
    readonly unit: MarketUnit,
  ) {
    this.state = new MarketState(fees, unit.pairs);
    this.transactions = new BatchTransactions(db);
    if (unit.spread) this.state.idStep = ID_LANES;
  }

  /**
   * Opens the market over a database: every book rebuilt from the open orders stored. With an
   * ownership, every batch is fenced by it (see the file comment); without, the server is alone.
   */
  static async open(
    db: Database,
    fees: FeeRates,
    feeSplit: FeeSplit,
    owner: Ownership | null = null,
    /** What the database holds, when the caller has it already (a follower's replica). */
    journal: Journal | null = null,
    /** The pairs it matches (units.ts); the whole market by default. */
    unit: MarketUnit = WHOLE_MARKET,
  ): Promise<Market> {
    const market = new Market(db, fees, feeSplit, owner, unit);
    if (journal === null) await restoreMarket(db, market.state);
    else fillMarket(market.state, journal);
    market.committedSeq = await marketSeq(db, owner?.market ?? SPOT_MARKET);
    return market;
  }

  /**
   * Rebuilds the books after a failed batch, which matched in memory what it never wrote. A
   * database out of reach (the usual reason the batch failed) leaves them marked stale, and the
   * next batch tries again first.
   */
  private async restoreAfterFailure(): Promise<void> {
    this.stale = true;
    try {
      await restoreMarket(this.db, this.state);
      this.stale = false;
    } catch {
      // Left stale: see runBatch.
    }
  }

  /** Runs this market's batches joined with those of the other units this server owns. */
  joinBatches(joint: BatchJoiner): void {
    this.joint = joint;
  }

  /** The unit it matches and the epoch it took; null for a market alone. */
  get ownership(): Ownership | null {
    return this.owner;
  }

  /** Lends other units' books to this market's groups over two units from now on. */
  lendFrom(lender: Lender): void {
    this.lender = lender;
  }

  /**
   * Where this market's books of its unit stand, when another unit's batch borrows them
   * (lending.ts); null while they may not be the committed ones.
   */
  get position(): BatchPosition | null {
    if (this.owner === null || this.stale || this.refreshing !== null || this.fenced) return null;
    return { epoch: this.owner.epoch, batch: this.lastBatch };
  }

  /** This market's books as a journal (copies), for another unit's batch to borrow. */
  journal(): Journal {
    const lastTrades = this.unit.pairs.flatMap((pair) => {
      const book = this.state.book(pair);
      const price = book.lastPriceTicks;
      return price === null || book.tradeSeq === 0 ? [] : [{ pair, price, seq: book.tradeSeq }];
    });
    const open = [...this.state.open.values()].map((row) => ({ ...row }));
    return { open, lastTrades, maxIds: { order_id: null, trade_id: null } };
  }

  /**
   * Another server wrote a batch of this unit (a group over two units, lending.ts): the books are
   * read again, now when no batch runs, else before the next.
   */
  refresh(): Promise<void> {
    this.stale = true;
    if (this.running || this.refreshing !== null || this.owner === null) {
      return this.refreshing ?? Promise.resolve();
    }
    const owner = this.owner;
    this.refreshing = this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const row = await trx
          .selectFrom('market_owners')
          .select(['epoch', 'batch'])
          .where('market', '=', owner.market)
          .executeTakeFirst();
        await restoreMarket(trx, this.state);
        if (row?.epoch === owner.epoch) this.lastBatch = row.batch;
        this.stale = false;
      })
      .catch(() => {
        // Left stale: the next batch reads the books first.
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** The seq of the last batch this market committed, or read at open (ownership.ts). */
  get seq(): number {
    return this.committedSeq;
  }

  /** Whether this market stopped matching because another server owns it now. */
  get moved(): boolean {
    return this.fenced;
  }

  /** Stops matching: commands still queued, and any after, are refused with `market.moved`. */
  fence(): void {
    this.fenced = true;
  }

  /** A pair's book, read-only use (depth, last price). */
  book(pair: PairSymbol): OrderBook {
    return this.state.book(pair);
  }

  /** Places an order; resolves once it, its fills and their ledger entries are committed. */
  async place(userId: number, pair: PairSymbol, draft: OrderDraft): Promise<OrderRow> {
    const [row] = await this.enqueue({ kind: 'place', userId, pair, draft });
    if (row === undefined) throw new Error('place answered nothing');
    return row;
  }

  /** Cancels one open order of the account. */
  async cancel(userId: number, ref: OrderRef): Promise<OrderRow> {
    const [row] = await this.enqueue({ kind: 'cancel', userId, ref });
    if (row === undefined) throw new Error('cancel answered nothing');
    return row;
  }

  /** Cancels every open order of the account, of one pair or everywhere. */
  cancelAll(userId: number, pair: PairSymbol | null): Promise<OrderRow[]> {
    return this.enqueue({ kind: 'cancelAll', userId, pair });
  }

  /** Places a group of orders whole or not at all; resolves with their rows once committed. */
  placeGroup(group: OrderGroup): Promise<OrderRow[]> {
    return this.enqueue({ kind: 'group', group });
  }

  /** Queues a command of this server; resolves with its rows once committed. */
  enqueue(command: Command): Promise<OrderRow[]> {
    return this.queue({ command, intake: null, at: null });
  }

  /**
   * Queues a command another server stored in the intake. Resolves once its batch committed with
   * its answer stored; rejects when the batch failed, and so stored nothing.
   */
  async runForwarded(intake: number, command: Command): Promise<void> {
    await this.queue({ command, intake, at: null });
  }

  /**
   * Runs `play` with the market to itself: the commands it sends through the Backdating handed to
   * it carry their own time, and every other command waits until it ends, so no real order ever
   * meets a backdated one in a batch or a book, and every backdated trade comes before (in ids
   * as in time) any trade made after. Only the demo market's past plays (demo/DemoPast.ts).
   */
  async alone(play: (past: Backdating) => Promise<void>): Promise<void> {
    if (this.pastPlaying !== null) throw new Error('a past is playing already');
    let done = () => {};
    this.pastPlaying = new Promise<void>((resolve) => {
      done = resolve;
    });
    const backdated = async (command: Command, at: Date) => {
      if (at.getTime() > Date.now()) throw new RangeError('a backdated command from the future');
      const [row] = await this.sequencer.enqueue({ command, intake: null, at });
      if (row === undefined) throw new Error(`${command.kind} answered nothing`);
      return row;
    };
    try {
      // What was queued before runs at its own time first.
      await this.sequencer.settled();
      await play({
        place: (userId, pair, draft, at) => backdated({ kind: 'place', userId, pair, draft }, at),
        cancel: (userId, ref, at) => backdated({ kind: 'cancel', userId, ref }, at),
      });
    } finally {
      this.pastPlaying = null;
      done();
    }
  }

  /** Queues a command now, or once the past playing (`alone`) has ended. */
  private queue(queued: Queued): Promise<OrderRow[]> {
    const { command } = queued;
    // A unit matches its own pairs only (the spot market routes each command to its unit).
    if (command.kind === 'place' && !this.unit.pairs.includes(command.pair)) {
      return Promise.reject(new Error(`${command.pair} is not matched by ${this.unit.name}`));
    }
    const playing = this.pastPlaying;
    return playing === null
      ? this.sequencer.enqueue(queued)
      : playing.then(() => this.queue(queued));
  }

  /** The account's open orders, oldest first (from memory: the books are the truth for these). */
  openOrders(userId: number, pair: PairSymbol | null): OrderRow[] {
    return this.state.openOf(userId, pair).map((row) => ({ ...row }));
  }

  /**
   * Calls `listener` after each batch commits (even one that changed nothing: its number is
   * news), before the next batch runs, so the books it reads then are exactly the committed
   * ones. Returns the function that stops the calls.
   */
  onCommit(listener: (committed: MarketBatch) => void): () => void {
    return this.publisher.listen(listener);
  }

  /** Waits for every queued command to be done (tests, shutdown). */
  settled(): Promise<void> {
    return this.sequencer.settled();
  }

  /**
   * Runs one batch in one transaction, then publishes it and answers its callers: alone, or, on
   * a server that owns several units, joined with theirs in one transaction (JointBatches.ts).
   */
  private async runBatch(waiting: Waiting<Queued, OrderRow[]>[]): Promise<void> {
    await this.refreshing;
    this.running = true;
    try {
      if (this.joint !== null) await this.joint.run(this, waiting);
      else if (await this.ready(waiting)) await this.runAlone(waiting);
    } finally {
      this.running = false;
      // A pair lent to the batch is its own unit's again.
      this.giveBackLent();
    }
  }

  /**
   * Whether the batch may run: a fenced market refuses it with `market.moved`, and books a failed
   * batch left unlike the database are rebuilt before anything matches on them (while the
   * database cannot be read, the batch is refused with the reason, and nothing runs).
   */
  async ready(waiting: readonly Waiting<Queued, OrderRow[]>[]): Promise<boolean> {
    if (this.fenced) {
      for (const caller of waiting) caller.reject(refusal('market.moved'));
      return false;
    }
    if (this.stale) {
      try {
        await restoreMarket(this.db, this.state);
        this.stale = false;
      } catch (error) {
        for (const caller of waiting) caller.reject(error);
        return false;
      }
    }
    return true;
  }

  /** Runs the batch in a transaction of its own. */
  private async runAlone(waiting: Waiting<Queued, OrderRow[]>[]): Promise<void> {
    const queued = waiting.map(({ command }) => command);
    let done: BatchDone;
    try {
      done = await this.transactRetrying(queued);
    } catch (error) {
      await this.failed(waiting, error);
      return;
    }
    this.committed(waiting, done);
  }

  /**
   * The batch's transaction failed: nothing of it happened. Its callers hear why; when another
   * server owns the unit now, its books, not these, are the ones to match on (fenced), else the
   * books are read again.
   */
  async failed(waiting: readonly Waiting<Queued, OrderRow[]>[], error: unknown): Promise<void> {
    for (const caller of waiting) caller.reject(error);
    this.accounts.forget();
    if (error instanceof DomainError && error.code === 'market.moved') this.fenced = true;
    else await this.restoreAfterFailure();
  }

  /** The batch committed: its books move on, it is published, and its callers answered. */
  committed(waiting: readonly Waiting<Queued, OrderRow[]>[], done: BatchDone): void {
    const { number, seq, results, credited, foreign, accounts, reread } = done;
    this.state.forget(done.ended);
    this.committedSeq = seq;
    if (number !== null) this.lastBatch = number;
    this.reread = false;
    this.publisher.publish({
      seq,
      position:
        this.owner === null || number === null ? null : { epoch: this.owner.epoch, batch: number },
      orders: done.orders.map((row) => ({ ...row })),
      trades: done.trades,
      credited,
      foreign,
      reread,
      accounts,
    });
    waiting.forEach((caller, index) => {
      const result = results[index];
      // A forwarded command's answer, refusal or not, is stored: its runner only learns it is.
      if (caller.command.intake !== null) caller.resolve([]);
      else if (result instanceof DomainError) caller.reject(result);
      else caller.resolve((result ?? []).map((row) => ({ ...row })));
    });
  }

  /** Runs the batch's transaction, again after a deadlock (see DEADLOCK_TRIES). */
  private async transactRetrying(queued: readonly Queued[]): Promise<BatchDone> {
    for (let tries = 1; ; tries++) {
      try {
        return await this.transactions.run((trx, finish) => this.transact(trx, finish, queued));
      } catch (error) {
        if (!isDeadlock(error) || tries >= DEADLOCK_TRIES) throw error;
        await this.again();
      }
    }
  }

  /** Undoes what a try of a batch PostgreSQL ended left in memory, to run it again. */
  async again(): Promise<void> {
    this.accounts.forget();
    this.giveBackLent();
    this.reread = false;
    await restoreMarket(this.db, this.state);
  }

  /** The batch's work inside its transaction: read, match, split the fees, write. */
  private async transact(
    trx: Queryable,
    finish: Finish,
    queued: readonly Queued[],
  ): Promise<BatchDone> {
    const commands = queued.map(({ command }) => command);
    // First, so that a new owner's epoch waits for this batch, or this batch sees the new epoch.
    const { batch: number, seq, balances } = await this.numbered(trx, commands);
    const refused = await this.lend(trx, commands);
    const known = await knownOrders(trx, commands.flatMap(clientOrderIdsOf), this.state.open);
    const batch = new Batch(balances, known, this.state.nextOrderId);
    const results = this.runCommands(queued, batch, refused);
    const credited = await splitFees(trx, this.feeSplit, batch);
    const name = this.unit.name;
    const { rows, trades } = batch.writes;
    const plan = new SeqPlan(rows.values(), trades, (p) => this.unitOfPair(p) ?? name);
    const answers = this.answers(queued, results, number);
    // The write is the last statement, sent with the commit, unless a group's writes follow it.
    const last = batch.records.length === 0 && this.lent.length === 0;
    const run: Finish = last ? finish : async (statement) => (await statement.execute(trx)).rows;
    const answered = answers === null ? [] : [answers];
    const seqs = await writeBatch(trx, batch.writes, this.accounts, plan, answered, run);
    for (const record of batch.records) await record(trx);
    const foreign = await this.countLent(trx, rows.values(), seqs);
    return {
      ended: batch.ended,
      orders: [...rows.values()],
      trades,
      number,
      seq,
      results,
      credited,
      foreign,
      accounts: seqs.part(name),
      reread: this.reread,
    };
  }

  /**
   * Lends the batch the books of other units its groups need (lending.ts), when it may; the
   * groups that cannot have them now, by their index in the batch, refused.
   */
  async lend(trx: Queryable, commands: readonly Command[]): Promise<Map<number, DomainError>> {
    if (this.lender === null) return new Map<number, DomainError>();
    const { lent, refused } = await lendForGroups(
      trx,
      this.state,
      this.unit,
      this.lender,
      commands,
    );
    this.lent = lent;
    return refused;
  }

  /** Whether the running batch read this market's books again (another server counted one). */
  get rereadInBatch(): boolean {
    return this.reread;
  }

  /** The unit a pair lent to the running batch belongs to; undefined for this unit's own. */
  unitOfPair(pair: PairSymbol): string | undefined {
    return this.lent.find((each) => each.pair === pair)?.unit;
  }

  /** The pairs the running batch writes on: this unit's, and those lent to it. */
  pairsOfBatch(): Set<string> {
    return new Set<string>([...this.unit.pairs, ...this.lent.map(({ pair }) => pair)]);
  }

  /** Counts a batch of each lent unit the batch changed (lending.ts): their parts of it. */
  countLent(trx: Queryable, rows: Iterable<OrderRow>, seqs: BatchSeqs): Promise<ForeignPart[]> {
    return countLent(trx, this.lent, rows, seqs);
  }

  /** Runs the batch's commands on this market's books, one after another; each one's answer. */
  runCommands(
    queued: readonly Queued[],
    batch: Batch,
    refused: ReadonlyMap<number, DomainError>,
  ): (OrderRow[] | DomainError)[] {
    return queued.map(({ command, at }, index) => {
      const early = refused.get(index);
      if (early !== undefined) return early;
      batch.stamp(at);
      try {
        return runCommand(this.state, command, batch);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        return error;
      }
    });
  }

  /** Drops the pairs lent to the last batch (lending.ts). */
  private giveBackLent(): void {
    for (const { pair } of this.lent) this.state.clearPair(pair);
    this.lent = [];
  }

  /**
   * Numbers the batch (ownership.ts) and locks the balances its commands spend, in one
   * statement (batchOpening.ts). A unit among several runs its batches joined
   * (JointBatches.ts), which numbers them.
   */
  private numbered(
    trx: Queryable,
    commands: readonly Command[],
  ): Promise<{ batch: number | null; seq: number; balances: Balances }> {
    const spends = commands.flatMap(spendsOf);
    if (this.owner === null) return openBatch(trx, seqNumbering(SPOT_MARKET), spends);
    if (this.unit.spread) throw new Error('a unit among several runs its batches joined');
    return openBatch(trx, batchNumbering(this.owner), spends);
  }

  /**
   * The batch took `number` in the unit's epoch: when another server counted a batch of this
   * unit meanwhile (lending.ts), its books are read again first, in the batch. Whether they were.
   */
  async numberedAs(trx: Queryable, number: number): Promise<boolean> {
    if (number !== this.lastBatch + 1) {
      await restoreMarket(trx, this.state);
      this.reread = true;
    }
    return this.reread;
  }

  /**
   * A unit among several gives ids in its lane (units.ts): unique whatever other units' batches
   * run beside it, above the highest stored (`maxIds`, read when its batch began), so they rise
   * with time across the pairs too. They must also stay above every order the batch's books hold
   * (writeBatch.ts tells new orders by it): when another unit's batch wrote on its pairs (its
   * books read again) or the batch borrows another unit's books (a group), the caller reads the
   * highest ids again after the rows of every unit it writes for are locked.
   */
  idsAbove(maxIds: MaxIds): void {
    const { state } = this;
    state.nextOrderId = Math.max(state.nextOrderId, Number(maxIds.order_id ?? 0) + 1);
    state.nextTradeId = Math.max(state.nextTradeId, Number(maxIds.trade_id ?? 0) + 1);
    const lane = idLaneOf(this.unit);
    state.nextOrderId = inLane(state.nextOrderId, lane);
    state.nextTradeId = inLane(state.nextTradeId, lane);
  }

  /** The answers of the batch's forwarded commands, stored with its writes (intake.ts). */
  answers(
    queued: readonly Queued[],
    results: readonly (OrderRow[] | DomainError)[],
    batch: number | null,
  ): Answering | null {
    if (this.owner === null) return null;
    const answers = queued.flatMap(({ intake }, index) => {
      const result = results[index];
      return intake === null || result === undefined
        ? []
        : [{ id: intake, answer: answerOf(result) }];
    });
    const at = batch === null ? null : { epoch: this.owner.epoch, batch };
    return answering(this.owner.market, at, answers);
  }
}

/** Adds the fee split's postings to the batch; returns the accounts they pay. */
export async function splitFees(
  trx: Queryable,
  feeSplit: FeeSplit,
  batch: Batch,
): Promise<number[]> {
  if (batch.writes.trades.length === 0) return [];
  const paid = await feeSplit.postings(trx, batch.writes.trades);
  batch.writes.postings.push(...paid);
  return [...new Set(paid.flatMap((posting) => ('user' in posting.to ? [posting.to.user] : [])))];
}
