/**
 * The trading page's live data as signals, one set per page (per pair): the 24 h ticker, the
 * book's shown rows, recent trades and, signed in, the account's orders, fills and wallets. Each
 * book row is its own signal, so an update re-renders the rows whose figures changed, not the
 * book or the page. Merging rules (trades by id, orders by id and status) are pure functions.
 */
import { batch, type Signal, signal } from '@preact/signals-react';
import {
  type BookMirror,
  call,
  formatDecimal,
  type MarketSummary,
  type OwnTrade,
  PAIRS,
  type PairSymbol,
  type PublicTrade,
  type ShownLevel,
  type SpotOrder,
  setStreamLoaded,
  type Wallet,
} from '../../../core/index.ts';
import type { MarketStream } from '../../../core/marketStream.ts';
import { watchBook } from '../../../core/marketStream.ts';

/** Book rows shown a side. */
export const BOOK_ROWS = 12;

/** Recent trades kept. */
export const TRADES_KEPT = 50;

/** Orders and fills kept in the history tabs. */
export const HISTORY_KEPT = 50;

/** An order still in the book (or waiting for its stop). */
export function isOpen(order: SpotOrder): boolean {
  return order.status === 'new' || order.status === 'partiallyFilled';
}

/** Trades merged by id, newest first, at most `limit`: a snapshot replaces, an update adds. */
export function mergeTrades(
  current: readonly PublicTrade[],
  incoming: readonly PublicTrade[],
  snapshot: boolean,
  limit = TRADES_KEPT,
): PublicTrade[] {
  const byId = new Map<number, PublicTrade>();
  for (const trade of snapshot ? [] : current) byId.set(trade.id, trade);
  for (const trade of incoming) byId.set(trade.id, trade);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, limit);
}

/** Open orders after some changed: open ones replace or join, ended ones leave; oldest first. */
export function mergeOpenOrders(
  current: readonly SpotOrder[],
  changed: readonly SpotOrder[],
): SpotOrder[] {
  const byId = new Map(current.map((order) => [order.id, order]));
  for (const order of changed) {
    if (isOpen(order)) byId.set(order.id, order);
    else byId.delete(order.id);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Items merged by id (the later wins), newest (highest id) first, at most `limit`. */
export function mergeById<T extends { id: number }>(
  current: readonly T[],
  incoming: readonly T[],
  limit = HISTORY_KEPT,
): T[] {
  const byId = new Map(current.map((item) => [item.id, item]));
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, limit);
}

function sameLevel(a: ShownLevel | null, b: ShownLevel | null): boolean {
  return a === b || (a?.price === b?.price && a?.amount === b?.amount && a?.total === b?.total);
}

/** Sets each row signal to its new level, touching only the rows that changed. */
export function updateRows(rows: readonly Signal<ShownLevel | null>[], levels: ShownLevel[]): void {
  rows.forEach((row, index) => {
    const next = levels[index] ?? null;
    if (!sameLevel(row.peek(), next)) row.value = next;
  });
}

/** The grouping steps a pair offers: its tick, then ×10, ×100 and ×1000. */
export function groupingSteps(pair: PairSymbol): string[] {
  const spec = PAIRS[pair];
  return [0, 1, 2, 3].map((power) =>
    formatDecimal(spec.tickUnits * 10n ** BigInt(power), spec.priceDecimals),
  );
}

/** A fill in words, for the polite live region. */
export function describeFill(fill: OwnTrade): string {
  const { base, quote } = PAIRS[fill.pair];
  const verb = fill.side === 'buy' ? 'Bought' : 'Sold';
  return `${verb} ${fill.amount} ${base} at ${fill.price} ${quote} (${fill.pair.replace('_', '/')}).`;
}

/** See the file comment. */
export class MarketData {
  readonly ticker = signal<MarketSummary | null>(null);
  readonly trades = signal<readonly PublicTrade[]>([]);
  readonly bids: readonly Signal<ShownLevel | null>[];
  readonly asks: readonly Signal<ShownLevel | null>[];
  /** The larger side's running total over the shown rows (a number: only the bars' scale). */
  readonly depthScale = signal(0);
  readonly step: Signal<string>;
  /** A price picked in the book, for the order form; `at` makes a second pick of it count. */
  readonly picked = signal<{ price: string; at: number } | null>(null);
  readonly fees = signal<{ maker: string; taker: string } | null>(null);
  /** The account, signed in: null until its snapshot arrives. */
  readonly openOrders = signal<readonly SpotOrder[] | null>(null);
  readonly orderHistory = signal<readonly SpotOrder[] | null>(null);
  readonly fills = signal<readonly OwnTrade[] | null>(null);
  readonly wallets = signal<Readonly<Record<string, Wallet>> | null>(null);
  /** Why part of the account could not be read, in words; empty when all is well. */
  readonly accountError = signal('');
  /** The latest fill in words (aria-live polite). */
  readonly announcement = signal('');
  private book: BookMirror | null = null;

  constructor(readonly pair: PairSymbol) {
    this.bids = Array.from({ length: BOOK_ROWS }, () => signal<ShownLevel | null>(null));
    this.asks = Array.from({ length: BOOK_ROWS }, () => signal<ShownLevel | null>(null));
    this.step = signal(PAIRS[pair].tickSize);
  }

  /** Groups the book by another price step. */
  setStep(step: string): void {
    this.step.value = step;
    this.showBook();
  }

  /** Subscribes the public streams of the pair; returns the stop. */
  watchMarket(stream: MarketStream): () => void {
    const { pair } = this;
    for (const flag of ['stats', 'orders', 'trades'] as const) setStreamLoaded(flag, false);
    const stops = [
      stream.subscribe({ stream: 'stats', pair }, (message) => {
        if (message.type !== 'ticker') return;
        this.ticker.value = message.ticker;
        setStreamLoaded('stats', true);
      }),
      stream.subscribe({ stream: 'trades', pair }, (message) => {
        if (message.type !== 'trades') return;
        this.trades.value = mergeTrades(this.trades.peek(), message.trades, message.snapshot);
        if (message.snapshot) setStreamLoaded('trades', true);
      }),
    ];
    const watched = watchBook(stream, pair, (book) => {
      this.book = book;
      setStreamLoaded('orders', book.synced);
      this.showBook();
    });
    // Unanswered, the form shows no fee preview and the stream still brings the ticker.
    call('markets.getItems', {}).then(
      (reply) => {
        if (!reply.status) return;
        const item = reply.items.find((candidate) => candidate.pair === pair);
        if (item === undefined) return;
        this.fees.value = { maker: item.makerFee, taker: item.takerFee };
        // The listing may answer before the stream; the stream's ticker wins once it arrives.
        if (this.ticker.peek() === null) this.ticker.value = item;
      },
      () => {},
    );
    return () => {
      for (const stop of stops) stop();
      watched.stop();
      for (const flag of ['stats', 'orders', 'trades'] as const) setStreamLoaded(flag, false);
    };
  }

  /** Subscribes the account stream and reads the pair's history; returns the stop. */
  watchAccount(stream: MarketStream): () => void {
    let current = true;
    const stop = stream.subscribe({ stream: 'account' }, (message) => {
      if (message.type !== 'account') return;
      batch(() => {
        const wallets = message.snapshot ? {} : { ...this.wallets.peek() };
        for (const wallet of message.wallets) wallets[wallet.ticker] = wallet;
        if (message.snapshot || message.wallets.length > 0) this.wallets.value = wallets;
        this.openOrders.value = message.snapshot
          ? mergeOpenOrders([], message.orders)
          : mergeOpenOrders(this.openOrders.peek() ?? [], message.orders);
        const mine = message.orders.filter((order) => order.pair === this.pair);
        const history = this.orderHistory.peek();
        if (history !== null && mine.length > 0) this.orderHistory.value = mergeById(history, mine);
        const fills = message.trades.filter((fill) => fill.pair === this.pair);
        const known = this.fills.peek();
        if (known !== null && fills.length > 0) this.fills.value = mergeById(known, fills);
        const latest = message.trades.at(-1);
        if (latest !== undefined) this.announcement.value = describeFill(latest);
      });
    });
    const { pair } = this;
    const failed = (what: string) => (reply: { status: false; error_msg: string } | null) => {
      if (current)
        this.accountError.value = reply?.error_msg ?? `Your ${what} could not be loaded.`;
    };
    call('orders.getHistory', { pair, limit: HISTORY_KEPT }).then(
      (reply) => {
        if (!reply.status) return failed('order history')(reply);
        if (current)
          this.orderHistory.value = mergeById(this.orderHistory.peek() ?? [], reply.orders);
      },
      () => failed('order history')(null),
    );
    call('trades.getMine', { pair, limit: HISTORY_KEPT }).then(
      (reply) => {
        if (!reply.status) return failed('trades')(reply);
        if (current) this.fills.value = mergeById(this.fills.peek() ?? [], reply.trades);
      },
      () => failed('trades')(null),
    );
    return () => {
      current = false;
      stop();
      batch(() => {
        this.openOrders.value = null;
        this.orderHistory.value = null;
        this.fills.value = null;
        this.wallets.value = null;
      });
    };
  }

  /** The book's rows again from the mirror, at the current step. */
  private showBook(): void {
    const book = this.book;
    if (book === null) return;
    const step = this.step.peek();
    const bids = book.levels('bids', BOOK_ROWS, step);
    const asks = book.levels('asks', BOOK_ROWS, step);
    batch(() => {
      updateRows(this.bids, bids);
      updateRows(this.asks, asks);
      // Only the depth bars' widths use it: a float is fine for pixels, never for money.
      this.depthScale.value = Math.max(
        Number(bids.at(-1)?.total ?? 0),
        Number(asks.at(-1)?.total ?? 0),
      );
    });
  }
}
