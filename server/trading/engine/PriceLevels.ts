/** One side of a book (or of the stop book): FIFO queues of orders per price, best price first. */
import { type BookOrder, PriceLevel } from './BookOrder.ts';
import { KeyTable } from './KeyTable.ts';
import { insertLevel, lastBetter, removeLevel } from './LevelTree.ts';
import { TICK_INDEX_MAX, TickIndex } from './TickIndex.ts';

/** Emptied levels kept for reuse at most: a moving market opens about one a message. */
const MAX_SPARE = 1_024;

/**
 * Levels by price in a hash table (KeyTable), in a list from best to worst, and in price order:
 * in a tick index (TickIndex) when the pair's prices fit one, which every listed pair's do, else
 * in a tree (LevelTree). Adding or removing an order is O(1) unless it opens or empties a level:
 * then the index finds the level's better neighbour (a few bit scans; O(log n) in the tree). The
 * list gives the best level, the next one, and the top of the book in order, each step O(1).
 * Emptied levels are reused, so a level opening allocates nothing once the book has warmed up.
 */
export class PriceLevels {
  private readonly ticks: TickIndex | null;
  private readonly byPrice = new KeyTable<PriceLevel>();
  private root: PriceLevel | null = null;
  private first: PriceLevel | null = null;
  private last: PriceLevel | null = null;
  private levels = 0;
  private readonly spare: PriceLevel[] = [];

  /**
   * `highestFirst`: bids and sell stops (the highest price is best / triggers first); otherwise
   * asks and buy stops. `maxPrice`: the pair's highest price in ticks. `countLots`: keep
   * `PriceLevel.lots` (stops have no use for it).
   */
  constructor(
    private readonly highestFirst: boolean,
    maxPrice: number,
    private readonly countLots = true,
  ) {
    this.ticks = maxPrice <= TICK_INDEX_MAX ? new TickIndex(maxPrice) : null;
  }

  /** The best level, or null; `worse` links lead from it through the rest in order. */
  best(): PriceLevel | null {
    return this.first;
  }

  /** How many prices have orders. */
  get size(): number {
    return this.levels;
  }

  /** Appends an order at the back of its price's queue, opening the level if needed. */
  append(order: BookOrder, price: number): void {
    const level = this.byPrice.get(price) ?? this.open(price);
    const tail = level.tail;
    order.level = level;
    order.prev = tail;
    order.next = null;
    if (tail === null) level.head = order;
    else tail.next = order;
    level.tail = order;
    level.count++;
    if (this.countLots) level.lots += order.remaining;
  }

  /**
   * Puts an order in its price's queue behind every order of lower `priority` (a replica taking
   * an order another book placed): from the back, where a newly resting order belongs.
   */
  insert(order: BookOrder, price: number): void {
    const level = this.byPrice.get(price) ?? this.open(price);
    let before = level.tail;
    while (before !== null && before.priority > order.priority) before = before.prev;
    const after = before === null ? level.head : before.next;
    order.level = level;
    order.prev = before;
    order.next = after;
    if (before === null) level.head = order;
    else before.next = order;
    if (after === null) level.tail = order;
    else after.prev = order;
    level.count++;
    if (this.countLots) level.lots += order.remaining;
  }

  /** Unlinks an order from its level in O(1), closing the level when it empties. */
  remove(order: BookOrder): void {
    const level = order.level;
    if (level === null) return;
    const { prev, next } = order;
    if (prev === null) level.head = next;
    else prev.next = next;
    if (next === null) level.tail = prev;
    else next.prev = prev;
    order.level = null;
    order.prev = null;
    order.next = null;
    level.count--;
    if (this.countLots) level.lots -= order.remaining;
    if (level.count === 0) this.close(level);
  }

  /**
   * Takes the best level out with all its orders (for triggering stops), or null. The level is
   * the caller's: it is not reused.
   */
  popBest(): PriceLevel | null {
    const level = this.first;
    if (level !== null) this.unlink(level);
    return level;
  }

  private open(price: number): PriceLevel {
    const level = this.spare.pop() ?? new PriceLevel();
    level.price = price;
    level.key = this.highestFirst ? -price : price;
    this.byPrice.set(price, level);
    const better = this.ticks === null ? this.treeAdd(level) : this.tickAdd(this.ticks, level);
    const worse = better === null ? this.first : better.worse;
    level.better = better;
    level.worse = worse;
    if (better === null) this.first = level;
    else better.worse = level;
    if (worse === null) this.last = level;
    else worse.better = level;
    this.levels++;
    return level;
  }

  /** Files a new level in the tick index; returns its better neighbour. */
  private tickAdd(ticks: TickIndex, level: PriceLevel): PriceLevel | null {
    const price = level.price;
    ticks.add(price);
    // A new best or a new worst level, as a moving market often opens, needs no search; else
    // there is a better level, so the search finds one.
    const { first, last } = this;
    if (first === null || level.key < first.key) return null;
    if (last !== null && level.key > last.key) return last;
    const better = this.highestFirst ? ticks.above(price) : ticks.below(price);
    return this.byPrice.get(better) as PriceLevel;
  }

  /** Files a new level in the tree; returns its better neighbour. */
  private treeAdd(level: PriceLevel): PriceLevel | null {
    this.root = insertLevel(this.root, level);
    return lastBetter();
  }

  private close(level: PriceLevel): void {
    this.unlink(level);
    level.head = null;
    level.tail = null;
    level.lots = 0;
    if (this.spare.length < MAX_SPARE) this.spare.push(level);
  }

  /** Takes a level out of the index and the list. */
  private unlink(level: PriceLevel): void {
    this.byPrice.delete(level.price);
    if (this.ticks !== null) this.ticks.remove(level.price);
    else this.root = removeLevel(this.root, level);
    const { better, worse } = level;
    if (better === null) this.first = worse;
    else better.worse = worse;
    if (worse === null) this.last = better;
    else worse.better = better;
    level.better = null;
    level.worse = null;
    this.levels--;
  }
}
