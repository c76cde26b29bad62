/**
 * One server's batches over every unit it owns (the market spread, units.ts), joined: each unit
 * keeps its own queue, books, epoch and batch count (Market.ts), but the batches its units have
 * ready at one turn run as ONE transaction, so a server owning several pairs pays a batch's fixed
 * costs (its round trips, its commit) once for all of them, as one owner of the whole market does.
 *
 * The rule of a joined batch: its opening (batchOpening.ts `openUnits`) numbers each of its units
 * in that unit's epoch; a unit whose epoch moved (another server took it) is left out, its
 * commands refused with `market.moved` (forwarded to the new owner by UnitMarket.ts) and its
 * books untouched, while the others still commit. Each unit's commands are matched on its own
 * books, all against one set of locked balances (an account spending on two pairs is checked
 * once for both), everything is written by the one write statement (writeBatch.ts), each account
 * taking one seq per unit whose pairs changed for it (accountSeqs.ts), and each unit publishes
 * its own part (its rows, its batch number and seq, its forwarded commands' answers), so its
 * news, followers and streams are as if it had run alone.
 *
 * A group over two units borrows the other unit's committed books (lending.ts): a batch of that
 * other unit never joins it, but waits for the next, so no books are matched twice in one batch.
 */
import { type DomainError, refusal } from '../errors/DomainError.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { AccountIds } from '../wallet/ledger.ts';
import { SeqPlan } from './accountSeqs.ts';
import { Batch } from './Batch.ts';
import { type OpenedUnits, openUnits } from './batchOpening.ts';
import { BatchTransactions, type Finish } from './batchTransaction.ts';
import { type Command, clientOrderIdsOf, spendsOf } from './Command.ts';
import type { FeeSplit } from './FeeSplit.ts';
import { knownOrders } from './knownOrders.ts';
import {
  type BatchDone,
  DEADLOCK_TRIES,
  isDeadlock,
  type Market,
  type Queued,
  splitFees,
} from './Market.ts';
import type { OrderRow } from './orderRows.ts';
import type { Ownership } from './ownership.ts';
import { readMaxIds } from './recovery.ts';
import type { Waiting } from './Sequencer.ts';
import { unitNameOf } from './units.ts';
import { writeBatch } from './writeBatch.ts';

/** One unit's batch waiting to join: its market, its callers, and the call that ends its wait. */
interface Joining {
  market: Market;
  waiting: Waiting<Queued, OrderRow[]>[];
  done: () => void;
}

/** What a joined batch left each unit: its part, or why it was left out. */
type Outcome = Map<Market, BatchDone | DomainError>;

/** See the file comment. */
export class JointBatches {
  private queue: Joining[] = [];
  private running: Promise<void> | null = null;
  private readonly transactions: BatchTransactions;
  private readonly accounts = new AccountIds();

  constructor(
    db: Database,
    /** The referrers' share of fees, paid in each batch. */
    private readonly feeSplit: FeeSplit,
  ) {
    this.transactions = new BatchTransactions(db);
  }

  /**
   * Runs `market`'s batch joined with the other units' ready at the same turn; resolves once it
   * is done (committed and answered, or its callers refused).
   */
  run(market: Market, waiting: Waiting<Queued, OrderRow[]>[]): Promise<void> {
    return new Promise((done) => {
      this.queue.push({ market, waiting, done });
      this.start();
    });
  }

  // Each batch starts a turn after the last one ended: every unit whose batch just ended has
  // queued its next by then, so they join rather than trickle in one by one.
  private start(): void {
    this.running ??= new Promise<void>((turn) => setImmediate(turn))
      .then(() => this.runNext())
      .finally(() => {
        this.running = null;
        if (this.queue.length > 0) this.start();
      });
  }

  /** Runs every unit's batch waiting, but those that must wait for the next (`apart`). */
  private async runNext(): Promise<void> {
    const { joined, later } = apart(this.queue);
    this.queue = later;
    try {
      await this.runJoined(joined);
    } catch (error) {
      // Its callers hear why rather than the process ending on an unheard rejection.
      for (const each of joined) await each.market.failed(each.waiting, error);
    } finally {
      for (const each of joined) each.done();
    }
  }

  /** Runs the joined batch in one transaction, then each unit publishes and answers its part. */
  private async runJoined(joined: readonly Joining[]): Promise<void> {
    const ready: Joining[] = [];
    for (const each of joined) if (await each.market.ready(each.waiting)) ready.push(each);
    if (ready.length === 0) return;
    let outcome: Outcome;
    try {
      outcome = await this.transactRetrying(ready);
    } catch (error) {
      this.accounts.forget();
      for (const each of ready) await each.market.failed(each.waiting, error);
      return;
    }
    // In the units' name order, the order an account's seqs go to its parts (accountSeqs.ts):
    // its stream hears them in order.
    const names = ready.map(({ market }) => market.unit.name).sort();
    const byName = names.flatMap((name) => ready.filter(({ market }) => market.unit.name === name));
    for (const each of byName) {
      const part = outcome.get(each.market);
      if (part === undefined) continue;
      if ('results' in part) each.market.committed(each.waiting, part);
      else await each.market.failed(each.waiting, part);
    }
  }

  /** Runs the transaction, again after a deadlock (as a unit alone does: Market.ts). */
  private async transactRetrying(ready: readonly Joining[]): Promise<Outcome> {
    for (let tries = 1; ; tries++) {
      try {
        return await this.transactions.run((trx, finish) => this.transact(trx, finish, ready));
      } catch (error) {
        if (!isDeadlock(error) || tries >= DEADLOCK_TRIES) throw error;
        this.accounts.forget();
        for (const each of ready) await each.market.again();
      }
    }
  }

  /** The joined batch inside its transaction: number, lend, match, split the fees, write. */
  private async transact(
    trx: Queryable,
    finish: Finish,
    ready: readonly Joining[],
  ): Promise<Outcome> {
    const outcome: Outcome = new Map();
    const commands = ready.flatMap(commandsOf);
    const others = commands.flatMap(lentUnitsOf);
    const owners = ready.map(({ market }) => ownerOf(market));
    // First, so that a new owner's epoch waits for this batch, or this batch sees the new epoch.
    const opened = await openUnits(trx, owners, others, commands.flatMap(spendsOf));
    const live = ready.filter(({ market }) => {
      const numbered = opened.numbers.has(market.unit.name);
      if (!numbered) outcome.set(market, refusal('market.moved'));
      return numbered;
    });
    if (live.length === 0) throw refusal('market.moved');
    const refused = await this.prepare(trx, live, opened, others.length > 0);
    const asked = live.flatMap(commandsOf).flatMap(clientOrderIdsOf);
    const open = { get: (id: number) => openOrder(live, id) };
    const known = await knownOrders(trx, asked, open);
    const firstNew = Math.min(...live.map(({ market }) => market.state.nextOrderId));
    const batch = new Batch(opened.balances, known, firstNew);
    const results = live.map(({ market, waiting }, index) =>
      market.runCommands(
        waiting.map(({ command }) => command),
        batch,
        refused[index] ?? new Map(),
      ),
    );
    const credited = await splitFees(trx, this.feeSplit, batch);
    const { rows, trades } = batch.writes;
    const plan = new SeqPlan(rows.values(), trades, unitNameOf);
    const answers = live.flatMap(({ market, waiting }, index) => {
      const answered = market.answers(
        waiting.map(({ command }) => command),
        results[index] ?? [],
        opened.numbers.get(market.unit.name)?.batch ?? null,
      );
      return answered === null ? [] : [answered];
    });
    // The write is the last statement, sent with the commit, unless a group's writes follow it.
    const last = batch.records.length === 0 && others.length === 0;
    const run: Finish = last ? finish : async (statement) => (await statement.execute(trx)).rows;
    const seqs = await writeBatch(trx, batch.writes, this.accounts, plan, answers, run);
    for (const record of batch.records) await record(trx);
    for (const [index, { market }] of live.entries()) {
      const pairs = market.pairsOfBatch();
      const number = opened.numbers.get(market.unit.name);
      outcome.set(market, {
        ended: batch.ended,
        orders: [...rows.values()].filter((row) => pairs.has(row.pair)),
        trades: trades.filter((trade) => pairs.has(trade.pair)),
        number: number?.batch ?? null,
        seq: number?.seq ?? 0,
        results: results[index] ?? [],
        // Whom the fee split paid is told once, with the first unit's part.
        credited: index === 0 ? credited : [],
        foreign: await market.countLent(trx, rows.values(), seqs),
        accounts: seqs.part(market.unit.name),
        reread: market.rereadInBatch,
      });
    }
    return outcome;
  }

  /**
   * Each unit's books made ready to match: read again when another server counted a batch of
   * it, the pairs its groups borrow lent (lending.ts), and its ids placed above the highest
   * stored (read again after the rows were locked when books were read or lent: Market.ts
   * `idsAbove`). The groups refused for books that cannot be lent now, per unit.
   */
  private async prepare(
    trx: Queryable,
    live: readonly Joining[],
    opened: OpenedUnits,
    lending: boolean,
  ): Promise<Map<number, DomainError>[]> {
    let reread = false;
    for (const { market } of live) {
      const number = opened.numbers.get(market.unit.name)?.batch ?? 0;
      if (await market.numberedAs(trx, number)) reread = true;
    }
    const refused: Map<number, DomainError>[] = [];
    for (const each of live) refused.push(await each.market.lend(trx, commandsOf(each)));
    const maxIds = reread || lending ? await readMaxIds(trx) : opened;
    for (const { market } of live) market.idsAbove(maxIds);
    return refused;
  }
}

/**
 * The units' batches that run together now, and those that wait for the next: a batch whose
 * group borrows another unit's books never runs beside that unit's own batch (both would match
 * on its books), nor two batches of one unit (an owner that lost it and took it again).
 */
function apart(queue: readonly Joining[]): { joined: Joining[]; later: Joining[] } {
  const joined: Joining[] = [];
  const later: Joining[] = [];
  for (const each of queue) {
    const name = each.market.unit.name;
    const lends = new Set(commandsOf(each).flatMap(lentUnitsOf));
    const clash = joined.some((other) => {
      const theirs = other.market.unit.name;
      return theirs === name || lends.has(theirs) || commandsOf(other).some(lendsFrom(name));
    });
    (clash ? later : joined).push(each);
  }
  return { joined, later };
}

function commandsOf({ waiting }: Joining): Command[] {
  return waiting.map(({ command }) => command.command);
}

/** The units of a group's pairs, whose books its batch may borrow (every pair its own unit). */
function lentUnitsOf(command: Command): string[] {
  return command.kind === 'group' ? (command.group.pairs ?? []).map(unitNameOf) : [];
}

/** Whether a command borrows the books of unit `name`. */
function lendsFrom(name: string): (command: Command) => boolean {
  return (command) => lentUnitsOf(command).includes(name);
}

function ownerOf(market: Market): Ownership {
  const owner = market.ownership;
  if (owner === null) throw new Error(`${market.unit.name} joins batches without an owner`);
  return owner;
}

/** An open order as the units' books hold it. */
function openOrder(live: readonly Joining[], id: number): OrderRow | undefined {
  for (const { market } of live) {
    const row = market.state.open.get(id);
    if (row !== undefined) return row;
  }
  return undefined;
}
