/**
 * What the book streams have published of each pair's book: the best BOOK_STREAM_DEPTH levels a
 * side as of the last commit, and the sequence number of that state. After each commit the
 * window is read again from the engine and compared with the published one; the levels that
 * differ become the next update (a level that left the window is sent as "0", one that entered
 * it with its amount), so a client that applies every update in order holds exactly the window.
 *
 * The numbers are the market owner's: a follower's replica makes the same changes, and takes the
 * owner's numbers with them (`advance`'s `numbered`), so every server sends the same sequence.
 * After a follower or a new owner read the books again from the database (`restart`), the
 * windows start again from the books as they are, and subscribers need a fresh snapshot.
 */
import { PAIR_SYMBOLS, PAIRS, type PairSymbol } from '../../core/markets/pairs.ts';
import { fromLots, fromTicks } from '../../core/markets/units.ts';
import { BOOK_STREAM_DEPTH, type LevelChange } from '../../core/protocol/index.ts';
import type { OrderBook } from './engine/index.ts';

/** One side of a window: lots by price in ticks. */
type Side = Map<number, number>;

interface Window {
  sequence: number;
  bids: Side;
  asks: Side;
}

/** A book's changed levels with the sequence number they bring it to. */
export interface BookChanges {
  sequence: number;
  bids: LevelChange[];
  asks: LevelChange[];
}

/** See the file comment. */
export class BookWindows {
  private readonly windows = new Map<PairSymbol, Window>();

  constructor(private readonly book: (pair: PairSymbol) => OrderBook) {
    for (const pair of PAIR_SYMBOLS) {
      const { bids, asks } = this.read(pair);
      this.windows.set(pair, { sequence: 1, bids, asks });
    }
  }

  /** Each pair's sequence number, in PAIR_SYMBOLS order. */
  sequences(): number[] {
    return PAIR_SYMBOLS.map((pair) => this.window(pair).sequence);
  }

  /**
   * Reads every window again, as a new start: numbered `sequences` (PAIR_SYMBOLS order), or one
   * past the numbers so far. No update leads there: subscribers take a fresh snapshot.
   */
  restart(sequences: readonly number[] | null = null): void {
    PAIR_SYMBOLS.forEach((pair, index) => {
      const window = this.window(pair);
      const { bids, asks } = this.read(pair);
      window.sequence = sequences?.[index] ?? window.sequence + 1;
      window.bids = bids;
      window.asks = asks;
    });
  }

  /** The published window of a pair as a snapshot: best levels first. */
  snapshot(pair: PairSymbol): BookChanges {
    const window = this.window(pair);
    const spec = PAIRS[pair];
    const levels = (side: Side, descending: boolean): LevelChange[] =>
      [...side]
        .sort(([a], [b]) => (descending ? b - a : a - b))
        .map(([ticks, lots]) => [fromTicks(spec, ticks), fromLots(spec, lots)]);
    return {
      sequence: window.sequence,
      bids: levels(window.bids, true),
      asks: levels(window.asks, false),
    };
  }

  /**
   * Reads the pair's book again (call right after a commit); its changes, or null if none. The
   * changes are numbered `numbered` when given (the owner's number), else the next number.
   */
  advance(pair: PairSymbol, numbered?: number): BookChanges | null {
    const window = this.window(pair);
    const next = this.read(pair);
    const spec = PAIRS[pair];
    const changes = (before: Side, after: Side): LevelChange[] => {
      const changed: LevelChange[] = [];
      for (const [ticks, lots] of after) {
        if (before.get(ticks) !== lots)
          changed.push([fromTicks(spec, ticks), fromLots(spec, lots)]);
      }
      for (const ticks of before.keys()) {
        if (!after.has(ticks)) changed.push([fromTicks(spec, ticks), '0']);
      }
      return changed;
    };
    const bids = changes(window.bids, next.bids);
    const asks = changes(window.asks, next.asks);
    if (bids.length === 0 && asks.length === 0) return null;
    window.sequence = numbered ?? window.sequence + 1;
    window.bids = next.bids;
    window.asks = next.asks;
    return { sequence: window.sequence, bids, asks };
  }

  private read(pair: PairSymbol): { bids: Side; asks: Side } {
    const depth = this.book(pair).depth(BOOK_STREAM_DEPTH);
    return {
      bids: new Map(depth.bids.map((level) => [level.priceTicks, level.lots])),
      asks: new Map(depth.asks.map((level) => [level.priceTicks, level.lots])),
    };
  }

  private window(pair: PairSymbol): Window {
    const window = this.windows.get(pair);
    if (window === undefined) throw new Error(`no book window for ${pair}`);
    return window;
  }
}
