/**
 * The market's memory: the engine's books, the open orders as stored, what each still holds, and
 * the next ids to give. The database is the truth; recovery.ts rebuilds this from it at start and
 * after a failed batch.
 */
import { PAIR_SYMBOLS, PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import { refusal } from '../errors/DomainError.ts';
import type { OrderRef } from './Command.ts';
import { createBooks, type OrderBook } from './engine/index.ts';
import { refText } from './orderLookup.ts';
import { isOpen, type OrderRow } from './orderRows.ts';
import { type FeeRates, type HeldOrder, Settler } from './settlement.ts';

/** The books and open orders in memory, and the counters ids come from. */
export class MarketState {
  private books = createBooks();
  /** The open orders by id, as stored (the batch mutates them, then writes them). */
  readonly open = new Map<number, OrderRow>();
  /** What each open order still holds, by id. */
  readonly held = new Map<number, HeldOrder>();
  nextOrderId = 1;
  nextTradeId = 1;
  /** How far apart the ids it gives are: 1, or a spread unit's lanes (units.ts). */
  idStep = 1;
  /** One settler per pair, made once: settling runs for every order. */
  private readonly settlers: ReadonlyMap<PairSymbol, Settler>;

  constructor(
    fees: FeeRates,
    /** The pairs this state matches (a unit's, MarketUnit); the other books stay empty. */
    readonly pairs: readonly PairSymbol[] = PAIR_SYMBOLS,
  ) {
    const nextTradeId = () => {
      const id = this.nextTradeId;
      this.nextTradeId += this.idStep;
      return id;
    };
    this.settlers = new Map(
      PAIR_SYMBOLS.map((pair) => [pair, new Settler(PAIRS[pair], fees, nextTradeId)]),
    );
  }

  /** A pair's book. */
  book(pair: PairSymbol): OrderBook {
    const book = this.books.get(pair);
    if (book === undefined) throw new Error(`no book for ${pair}`);
    return book;
  }

  /** A pair's settler. */
  settler(pair: PairSymbol): Settler {
    const settler = this.settlers.get(pair);
    if (settler === undefined) throw new Error(`no settler for ${pair}`);
    return settler;
  }

  /**
   * The account's open orders of one pair or of every pair, oldest first. An order that ended
   * earlier in the running batch is kept in `open` until the batch commits, but is open no more.
   */
  openOf(userId: number, pair: PairSymbol | null): OrderRow[] {
    return [...this.open.values()]
      .filter(
        (row) => row.user_id === userId && (pair === null || row.pair === pair) && isOpen(row),
      )
      .sort((a, b) => a.id - b.id);
  }

  /**
   * The account's open order a reference names; refuses one it has not with `order.notFound`,
   * which the spot market tells apart from `order.closed` by the stored orders (orderLookup.ts).
   */
  findOpen(userId: number, ref: OrderRef): OrderRow {
    for (const row of this.open.values()) {
      if (row.user_id !== userId || !isOpen(row)) continue;
      if ('id' in ref ? row.id === ref.id : row.client_order_id === ref.clientOrderId) return row;
    }
    throw refusal('order.notFound', { ref: refText(ref) });
  }

  /** Forgets orders that ended in a committed batch. */
  forget(ids: readonly number[]): void {
    for (const id of ids) {
      this.open.delete(id);
      this.held.delete(id);
    }
  }

  /** Empties one pair's book and drops its open orders (a pair lent for one batch, Market.ts). */
  clearPair(pair: PairSymbol): void {
    const fresh = createBooks().get(pair);
    if (fresh === undefined) throw new Error(`no book for ${pair}`);
    this.books.set(pair, fresh);
    for (const [id, row] of this.open) {
      if (row.pair !== pair) continue;
      this.open.delete(id);
      this.held.delete(id);
    }
  }

  /** Empties the books and the open orders, to be filled again from the database. */
  clear(): void {
    this.books = createBooks();
    this.open.clear();
    this.held.clear();
  }
}
