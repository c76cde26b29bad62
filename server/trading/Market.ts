/**
 * The spot market: the engine's books kept in step with the database. Every command (place,
 * cancel, cancel all) waits in one queue; the queue runs in batches, each batch in one database
 * transaction: the engine matches the batch's commands one after another, then the orders, the
 * trades and every ledger entry they cause are written, and only after the commit does any
 * caller get an answer. Several orders per transaction is what lets a durable market keep up.
 *
 * If a batch's transaction fails, nothing of it happened: its callers get an error and the books
 * are rebuilt from the database, which is also what a restart does (`open`).
 *
 * An order group (a swap's legs) is one command: planned against the books as they stand when its
 * turn comes, funded leg by leg from what the previous legs deliver, and placed whole or not at
 * all, in the same batch and so the same transaction.
 *
 * A fee paid by a referred account pays its referrer's share in the same batch (see
 * referral/commissions.ts).
 */
import { sql } from 'kysely';
import { parseDecimal, rescale } from '../../core/markets/decimal.ts';
import { PAIR_SYMBOLS, PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import type { Ticker } from '../../core/protocol/index.ts';
import { DomainError } from '../errors/DomainError.ts';
import { commissionPostings, feePayers } from '../referral/commissions.ts';
import { Referrers } from '../referral/Referrers.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { AccountIds, insufficient, type Posting } from '../wallet/ledger.ts';
import {
  createBooks,
  holdFor,
  type OrderBook,
  type OrderRequest,
  REASON_MESSAGES,
  type Side,
} from './engine/index.ts';
import { applyUpdate, isOpen, type OrderRow, recordOf, rowOf } from './orderRows.ts';
import { type FeeRates, type HeldOrder, holdLeftOf, Settler } from './settlement.ts';
import type { TradesTable } from './TradingTables.ts';
import { type BatchWrites, writeBatch } from './writeBatch.ts';

/** An order as a caller asks for it: the engine's request without what the market assigns. */
export type OrderDraft = DistributiveOmit<OrderRequest, 'id' | 'accountId' | 'at'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Which order to cancel: by the market's id or the account's own client order id. */
export type OrderRef = { id: number } | { clientOrderId: string };

/** An amount of one currency, as an exact decimal string. */
export interface Money {
  ticker: Ticker;
  amount: string;
}

/**
 * One order of a group: a fill-or-kill limit order of the group's account, with what it spends
 * and receives (fees deducted) as its planner worked out against the live book.
 */
export interface GroupLeg {
  pair: PairSymbol;
  side: Side;
  lots: number;
  limitTicks: number;
  clientOrderId: string;
  spends: Money;
  receives: Money;
}

/** Orders of one account placed together or not at all (a swap's legs); see the file comment. */
export interface OrderGroup {
  userId: number;
  /** The legs' client order ids, known before planning: a group placed before is returned. */
  clientOrderIds: readonly string[];
  /** Every currency a leg may spend (locked for the batch). */
  spends: readonly Ticker[];
  /**
   * Put before the reasons of the ledger entries the planned legs make: `own` on the account's
   * own (its fees), `shared` on those another account sees too (its trades with a resting order).
   */
  label(legs: readonly GroupLeg[]): { own: string; shared: string };
  /** The legs against the books as they are now; throws DomainError to refuse. */
  plan(book: (pair: PairSymbol) => OrderBook): readonly GroupLeg[];
  /** Runs in the batch's transaction after its writes, with the legs' rows (a record of its own). */
  record(trx: Queryable, rows: readonly OrderRow[]): Promise<void>;
}

/** What a committed batch changed: the market streams publish it. */
export interface Committed {
  /** Every order the batch placed or changed, as stored. */
  orders: readonly OrderRow[];
  trades: readonly TradesTable[];
  /** Referrers the batch paid a commission, whose balances moved without an order of theirs. */
  credited: readonly number[];
}

/** Commands a batch carries at most: enough to amortise a commit, small enough to answer fast. */
const MAX_BATCH = 256;

const SCALE = 18;

type Command =
  | { kind: 'place'; userId: number; pair: PairSymbol; draft: OrderDraft }
  | { kind: 'cancel'; userId: number; ref: OrderRef }
  | { kind: 'cancelAll'; userId: number; pair: PairSymbol | null }
  | { kind: 'group'; group: OrderGroup };

interface Waiting {
  command: Command;
  resolve(rows: OrderRow[]): void;
  reject(error: unknown): void;
}

/** What a batch's commands share while they run: its balances, client ids, writes and clock. */
interface Batch {
  balances: Balances;
  known: Map<string, OrderRow>;
  writes: BatchWrites;
  now: Date;
  /** Orders that ended in this batch, dropped from memory once it commits. */
  ended: number[];
  /** Writes of the batch's groups, run in its transaction after the orders are written. */
  records: ((trx: Queryable) => Promise<void>)[];
}

/** Available balances read at a batch's start, as 18-decimal integers, and spent as it goes. */
class Balances {
  private readonly amounts = new Map<string, bigint>();

  set(userId: number, ticker: string, amount: string): void {
    this.amounts.set(`${userId}:${ticker}`, toScaled(amount));
  }

  get(userId: number, ticker: Ticker): bigint {
    return this.amounts.get(`${userId}:${ticker}`) ?? 0n;
  }

  /** Follows a posting's effect on the available balances this batch knows. */
  apply(posting: Posting): void {
    const amount = toScaled(posting.amount);
    for (const [side, sign] of [
      [posting.from, -1n],
      [posting.to, 1n],
    ] as const) {
      if (!('user' in side) || side.held === true) continue;
      const key = `${side.user}:${posting.ticker}`;
      const known = this.amounts.get(key);
      if (known !== undefined) this.amounts.set(key, known + sign * amount);
    }
  }
}

function toScaled(amount: string): bigint {
  const parsed = parseDecimal(amount);
  if (typeof parsed === 'string') throw new RangeError(`not a decimal: ${amount}`);
  return rescale(parsed, SCALE);
}

/** See the file comment. */
export class Market {
  private books = createBooks();
  private readonly open = new Map<number, OrderRow>();
  private readonly held = new Map<number, HeldOrder>();
  private readonly queue: Waiting[] = [];
  private readonly accounts = new AccountIds();
  private readonly referrers = new Referrers();
  private running: Promise<void> | null = null;
  private readonly listeners = new Set<(committed: Committed) => void>();
  private nextOrderId = 1;
  private nextTradeId = 1;
  /** One settler per pair, made once: settling runs for every order. */
  private readonly settlers: ReadonlyMap<PairSymbol, Settler>;

  private constructor(
    private readonly db: Database,
    readonly fees: FeeRates,
    /** The referrer's share of each fee a referred account pays ("0.2" = 20 %). */
    private readonly referralShare: string,
  ) {
    const nextTradeId = () => this.nextTradeId++;
    this.settlers = new Map(
      PAIR_SYMBOLS.map((pair) => [pair, new Settler(PAIRS[pair], fees, nextTradeId)]),
    );
  }

  /** Opens the market over a database: every book rebuilt from the open orders stored. */
  static async open(db: Database, fees: FeeRates, referralShare: string): Promise<Market> {
    const market = new Market(db, fees, referralShare);
    await market.reload();
    return market;
  }

  /** A pair's book, read-only use (depth, last price). */
  book(pair: PairSymbol): OrderBook {
    const book = this.books.get(pair);
    if (book === undefined) throw new Error(`no book for ${pair}`);
    return book;
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

  /** The account's open orders, oldest first (from memory: the books are the truth for these). */
  openOrders(userId: number, pair: PairSymbol | null): OrderRow[] {
    return [...this.open.values()]
      .filter((row) => row.user_id === userId && (pair === null || row.pair === pair))
      .sort((a, b) => a.id - b.id)
      .map((row) => ({ ...row }));
  }

  /**
   * Calls `listener` after each batch commits, before the next batch runs, so the books it reads
   * then are exactly the committed ones. Returns the function that stops the calls.
   */
  onCommit(listener: (committed: Committed) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Waits for every queued command to be done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  private enqueue(command: Command): Promise<OrderRow[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      // The batch starts after this turn's other commands have joined it.
      this.running ??= new Promise<void>((started) => setImmediate(started))
        .then(() => this.drain())
        .finally(() => {
          this.running = null;
        });
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      await this.runBatch(batch);
    }
  }

  /** Runs one batch in one transaction; see the file comment. */
  private async runBatch(batch: Waiting[]): Promise<void> {
    const results: (OrderRow[] | DomainError)[] = [];
    const ended: number[] = [];
    const records: Batch['records'] = [];
    let credited: number[] = [];
    const writes: BatchWrites = {
      firstNewOrderId: this.nextOrderId,
      postings: [],
      rows: new Map(),
      trades: [],
      lastPrices: new Map(),
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        const balances = await this.lockBalances(trx, batch);
        const known = await this.knownClientIds(trx, batch);
        const now = new Date();
        for (const { command } of batch) {
          try {
            results.push(this.run(command, { balances, known, writes, now, ended, records }));
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            results.push(error);
          }
        }
        credited = await this.payCommissions(trx, writes);
        await writeBatch(trx, writes, this.accounts);
        for (const record of records) await record(trx);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      this.accounts.forget();
      await this.reload();
      return;
    }
    for (const id of ended) {
      this.open.delete(id);
      this.held.delete(id);
    }
    this.publish({
      orders: [...writes.rows.values()].map((row) => ({ ...row })),
      trades: writes.trades,
      credited,
    });
    batch.forEach((waiting, index) => {
      const result = results[index];
      if (result instanceof DomainError) waiting.reject(result);
      else waiting.resolve((result ?? []).map((row) => ({ ...row })));
    });
  }

  /** Adds the referrers' shares of the batch's fees to its postings; returns who was paid. */
  private async payCommissions(trx: Queryable, writes: BatchWrites): Promise<number[]> {
    if (writes.trades.length === 0 || !/[1-9]/.test(this.referralShare)) return [];
    await this.referrers.load(trx, feePayers(writes.trades));
    const paid = commissionPostings(writes.trades, this.referrers.of, this.referralShare);
    writes.postings.push(...paid);
    return [...new Set(paid.flatMap((posting) => ('user' in posting.to ? [posting.to.user] : [])))];
  }

  private publish(committed: Committed): void {
    if (committed.orders.length === 0) return;
    for (const listener of this.listeners) {
      try {
        listener(committed);
      } catch (error) {
        // A stream's failure must never reach the traders whose orders are already committed.
        console.error('A market listener failed:', error);
      }
    }
  }

  private run(command: Command, batch: Batch): OrderRow[] {
    switch (command.kind) {
      case 'place':
        return [this.runPlace(command, batch)];
      case 'cancel': {
        const row = this.findOpen(command.userId, command.ref);
        return [this.runCancel(row, batch)];
      }
      case 'cancelAll': {
        const rows = [...this.open.values()].filter(
          (row) =>
            row.user_id === command.userId && (command.pair === null || row.pair === command.pair),
        );
        return rows.sort((a, b) => a.id - b.id).map((row) => this.runCancel(row, batch));
      }
      case 'group':
        return this.runGroup(command.group, batch);
    }
  }

  private runPlace(command: Extract<Command, { kind: 'place' }>, batch: Batch): OrderRow {
    const { userId, pair, draft } = command;
    const { balances, now } = batch;
    if (draft.clientOrderId !== undefined) {
      const key = `${userId}:${draft.clientOrderId}`;
      const existing = batch.known.get(key);
      if (existing !== undefined) return existing;
    }
    const spec = PAIRS[pair];
    const id = this.nextOrderId;
    let request = { ...draft, id, accountId: userId, at: now.getTime() } as OrderRequest;
    // A market buy by amount names no price: bound it by what the account can spend.
    if (
      request.side === 'buy' &&
      (request.type === 'market' || request.type === 'stopMarket') &&
      request.total === undefined
    ) {
      const units = balances.get(userId, 'USDT') / 10n ** BigInt(SCALE - spec.valueDecimals);
      // Capped while still a BigInt: a balance can hold more notional units than 2^53.
      const cap = BigInt(spec.maxNotional);
      const total = Number(units < cap ? units : cap);
      if (total <= 0) throw new DomainError(insufficient('USDT'));
      request = { ...request, total };
    }
    const hold = holdFor(request);
    if (hold === null) throw new DomainError('The order cannot be placed.');
    const ticker: Ticker = hold.asset === 'base' ? spec.base : 'USDT';
    const settler = this.settler(pair);
    const holdAmount = settler.holdAmount(request.side, hold.amount).amount;
    if (toScaled(holdAmount) > balances.get(userId, ticker)) {
      throw new DomainError(insufficient(ticker));
    }
    return this.execute(pair, request, hold.amount, batch);
  }

  /** Places a checked, funded request in its book and settles what it did. */
  private execute(
    pair: PairSymbol,
    request: OrderRequest,
    holdUnits: number,
    batch: Batch,
  ): OrderRow {
    const { writes, now } = batch;
    const { id, accountId: userId } = request;
    const settler = this.settler(pair);
    const book = this.book(pair);
    const result = book.place(request);
    if (result.duplicate) {
      const row = this.open.get(result.order.id) ?? writes.rows.get(result.order.id);
      if (row !== undefined) return row;
    }
    if (result.order.status === 'rejected') {
      throw new DomainError(REASON_MESSAGES[result.order.reason ?? 'invalidOrder']);
    }
    this.nextOrderId += 1;
    const row = rowOf(pair, request, now);
    this.open.set(id, row);
    const heldOrder: HeldOrder = {
      id,
      userId,
      side: request.side,
      limitTicks:
        request.side === 'buy' && (request.type === 'limit' || request.type === 'stopLimit')
          ? request.priceTicks
          : null,
      holdLeft: holdUnits,
      // An order that ends as it is placed (IOC, FOK, market, filled at once) pays from the
      // available balance: a hold and its release in the same breath would say nothing more
      // than its trades and fees do. One that stays open holds, and the ledger shows it.
      holds: isOpen(result.order),
    };
    this.held.set(id, heldOrder);
    const holdPosting = settler.hold(heldOrder, `Order ${id} placed: ${request.side} on ${pair}`);
    if (holdPosting !== null) this.post(holdPosting, batch);
    this.settle(pair, result.events, batch);
    if (request.clientOrderId !== undefined) {
      batch.known.set(`${userId}:${request.clientOrderId}`, row);
    }
    return row;
  }

  /**
   * Plans a group against the books, checks that each leg is funded by the account's balance plus
   * what the legs before it deliver, then places every leg as a fill-or-kill limit order. Planning
   * and the checks happen before the first leg, so a refusal places nothing; a leg that then does
   * not fill whole means the plan misread the book, and the whole batch is undone.
   */
  private runGroup(group: OrderGroup, batch: Batch): OrderRow[] {
    const { userId } = group;
    const known = group.clientOrderIds.map((id) => batch.known.get(`${userId}:${id}`));
    if (known.some((row) => row !== undefined)) return known.filter((row) => row !== undefined);
    const legs = group.plan((pair) => this.book(pair));
    const label = group.label(legs);
    const funds = new Map<Ticker, bigint>();
    const fundsOf = (ticker: Ticker) => funds.get(ticker) ?? batch.balances.get(userId, ticker);
    for (const { spends, receives } of legs) {
      const left = fundsOf(spends.ticker) - toScaled(spends.amount);
      if (left < 0n) throw new DomainError(insufficient(spends.ticker));
      funds.set(spends.ticker, left);
      funds.set(receives.ticker, fundsOf(receives.ticker) + toScaled(receives.amount));
    }
    const rows = legs.map((leg, index) => {
      const request: OrderRequest = {
        id: this.nextOrderId,
        accountId: userId,
        at: batch.now.getTime(),
        type: 'limit',
        side: leg.side,
        priceTicks: leg.limitTicks,
        lots: leg.lots,
        timeInForce: 'FOK',
        // The plan counted every resting order, the account's own too.
        selfTrade: 'none',
        clientOrderId: leg.clientOrderId,
      };
      const hold = holdFor(request);
      if (hold === null) throw new Error('a limit order always has a hold');
      const first = batch.writes.postings.length;
      let row: OrderRow;
      try {
        row = this.execute(leg.pair, request, hold.amount, batch);
      } catch (error) {
        // After the first leg a refusal would leave the group half placed: undo the batch.
        if (index === 0) throw error;
        throw new Error(`order group leg ${index + 1} refused`, { cause: error });
      }
      if (row.status !== 'filled') throw new Error(`order group leg ${row.id} did not fill`);
      this.label(batch.writes.postings, first, userId, label);
      return row;
    });
    batch.records.push((trx) => group.record(trx, rows));
    return rows;
  }

  /** Labels the reasons of the account's postings from index `first` on (see OrderGroup). */
  private label(
    postings: Posting[],
    first: number,
    userId: number,
    label: { own: string; shared: string },
  ): void {
    const mine = (side: Posting['from']) => 'user' in side && side.user === userId;
    const other = (side: Posting['from']) => 'user' in side && side.user !== userId;
    for (let i = first; i < postings.length; i++) {
      const posting = postings[i] as Posting;
      if (!mine(posting.from) && !mine(posting.to)) continue;
      const prefix = other(posting.from) || other(posting.to) ? label.shared : label.own;
      postings[i] = { ...posting, reason: `${prefix}: ${posting.reason}` };
    }
  }

  private runCancel(row: OrderRow, batch: Batch): OrderRow {
    const pair = row.pair as PairSymbol;
    const result = this.book(pair).cancel(row.id, batch.now.getTime());
    if (result.order === null) throw new Error(`order ${row.id} is open here but not in its book`);
    this.settle(pair, result.events, batch);
    return row;
  }

  /** Applies an operation's events: postings, trades, rows. */
  private settle(pair: PairSymbol, events: Parameters<Settler['settle']>[0], batch: Batch): void {
    const { writes, now } = batch;
    const settlement = this.settler(pair).settle(events, this.held);
    for (const posting of settlement.postings) this.post(posting, batch);
    for (const event of events) {
      if (event.type === 'stopTriggered') {
        const row = this.open.get(event.orderId);
        if (row !== undefined) row.triggered = true;
      }
    }
    for (const [id, update] of settlement.updates) {
      const row = this.open.get(id);
      if (row === undefined) throw new Error(`order ${id} updated but not open`);
      applyUpdate(row, update, now);
      writes.rows.set(id, row);
      if (!isOpen(row)) batch.ended.push(id);
    }
    for (const trade of settlement.trades) {
      const { event } = trade;
      const maker = this.open.get(event.makerOrderId);
      const taker = this.open.get(event.takerOrderId);
      if (maker === undefined || taker === undefined) throw new Error('trade of unknown orders');
      writes.trades.push({
        id: trade.id,
        pair,
        seq: event.seq,
        price: event.priceTicks,
        amount: event.lots,
        taker_side: event.takerSide,
        maker_order_id: event.makerOrderId,
        taker_order_id: event.takerOrderId,
        maker_user_id: maker.user_id,
        taker_user_id: taker.user_id,
        maker_fee: trade.makerFee,
        taker_fee: trade.takerFee,
        created_at: now,
      });
      writes.lastPrices.set(pair, event.priceTicks);
    }
  }

  private post(posting: Posting, batch: Batch): void {
    batch.balances.apply(posting);
    batch.writes.postings.push(posting);
  }

  private settler(pair: PairSymbol): Settler {
    const settler = this.settlers.get(pair);
    if (settler === undefined) throw new Error(`no settler for ${pair}`);
    return settler;
  }

  private findOpen(userId: number, ref: OrderRef): OrderRow {
    for (const row of this.open.values()) {
      if (row.user_id !== userId) continue;
      if ('id' in ref ? row.id === ref.id : row.client_order_id === ref.clientOrderId) return row;
    }
    throw new DomainError(
      'id' in ref
        ? `You have no open order ${ref.id}.`
        : `You have no open order with client order id "${ref.clientOrderId}".`,
    );
  }

  /**
   * Locks and reads the available balances the batch's orders spend from: a buy's USDT, a sell's
   * base. Locked, so that no other writer (a withdrawal) can spend them before the batch commits.
   */
  private async lockBalances(trx: Queryable, batch: Waiting[]): Promise<Balances> {
    const balances = new Balances();
    const spent = new Map<string, { userId: number; ticker: Ticker }>();
    const spend = (userId: number, ticker: Ticker) =>
      spent.set(`${userId}:${ticker}`, { userId, ticker });
    for (const { command } of batch) {
      if (command.kind === 'group') {
        for (const ticker of command.group.spends) spend(command.group.userId, ticker);
      }
      if (command.kind !== 'place') continue;
      spend(command.userId, command.draft.side === 'buy' ? 'USDT' : PAIRS[command.pair].base);
    }
    if (spent.size === 0) return balances;
    const wanted = [...spent.values()];
    const { rows } = await sql<{ user_id: number; ticker: string; balance: string }>`
      select user_id, ticker, balance from ledger_accounts
      where (user_id, ticker) in (select * from unnest(
        ${wanted.map((w) => w.userId)}::integer[], ${wanted.map((w) => w.ticker)}::text[]))
        and not held
      for update`.execute(trx);
    for (const row of rows) balances.set(row.user_id, row.ticker, row.balance);
    return balances;
  }

  /** Orders the batch's client order ids already name (placing one again returns it). */
  private async knownClientIds(trx: Queryable, batch: Waiting[]): Promise<Map<string, OrderRow>> {
    const known = new Map<string, OrderRow>();
    const asked = batch.flatMap(({ command }) => {
      if (command.kind === 'group') {
        const { userId, clientOrderIds } = command.group;
        return clientOrderIds.map((clientOrderId) => ({ userId, clientOrderId }));
      }
      return command.kind === 'place' && command.draft.clientOrderId !== undefined
        ? [{ userId: command.userId, clientOrderId: command.draft.clientOrderId }]
        : [];
    });
    if (asked.length === 0) return known;
    const { rows } = await sql<OrderRow>`select * from orders
      where (user_id, client_order_id) in (select * from unnest(
        ${asked.map((a) => a.userId)}::integer[], ${asked.map((a) => a.clientOrderId)}::text[]))`.execute(
      trx,
    );
    for (const row of rows) {
      known.set(`${row.user_id}:${row.client_order_id}`, this.open.get(row.id) ?? row);
    }
    return known;
  }

  /** Rebuilds every book and the in-memory orders from the database. */
  private async reload(): Promise<void> {
    const rows = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', 'in', ['new', 'partiallyFilled'])
      .execute();
    const maxIds = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('orders')
          .select((o) => o.fn.max('id').as('m'))
          .as('order_id'),
        eb
          .selectFrom('trades')
          .select((t) => t.fn.max('id').as('m'))
          .as('trade_id'),
      ])
      .executeTakeFirstOrThrow();
    const lastTrades = await this.db
      .selectFrom('trades')
      .select(['pair', 'price', 'seq'])
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('trades')
          .select((t) => t.fn.max('id').as('id'))
          .groupBy('pair'),
      )
      .execute();
    this.books = createBooks();
    this.open.clear();
    this.held.clear();
    for (const pair of PAIR_SYMBOLS) {
      const mine = rows.filter((row) => row.pair === pair);
      const last = lastTrades.find((trade) => trade.pair === pair);
      this.book(pair).restore({
        orders: mine.map(recordOf),
        lastPriceTicks: last?.price ?? null,
        tradeSeq: last?.seq ?? 0,
        bookSeq: 0,
      });
      for (const row of mine) {
        this.open.set(row.id, row);
        this.held.set(row.id, {
          id: row.id,
          userId: row.user_id,
          side: row.side,
          limitTicks: row.side === 'buy' && row.price !== null ? row.price : null,
          holdLeft: holdLeftOf({
            side: row.side,
            type: row.type,
            priceTicks: row.price,
            lots: row.amount,
            total: row.total,
            filledLots: row.filled,
            filledNotional: row.filled_value,
          }),
          holds: true,
        });
      }
    }
    this.nextOrderId = Number(maxIds.order_id ?? 0) + 1;
    this.nextTradeId = Number(maxIds.trade_id ?? 0) + 1;
  }
}
