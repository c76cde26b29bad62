/** One side of a book (or of the stop book): FIFO queues of orders per price, best price first. */
import { type BookOrder, PriceLevel } from './BookOrder.ts';

/**
 * Levels by price in a Map, and the same levels in an array sorted so the best is last: the
 * touch, where most orders arrive and leave, sits at the cheap end of the array (push and pop, or
 * a short copy). Adding or removing an order is O(1) except when it opens or empties a level,
 * which costs a binary search plus moving the levels better than it. A heap would make that
 * O(log n) but turn reading the top N levels into a sort; measured on bench/engine.ts's book
 * (about 300 levels a side), opening and closing levels take under 0.5% of the engine's time, so
 * a heap has nothing to win.
 */
export class PriceLevels {
  private readonly byPrice = new Map<number, PriceLevel>();
  /** Levels from worst to best. */
  private readonly sorted: PriceLevel[] = [];

  /**
   * `highestFirst`: bids and sell stops (the highest price is best / triggers first); otherwise
   * asks and buy stops. `countLots`: keep `PriceLevel.lots` (stops have no use for it).
   */
  constructor(
    private readonly highestFirst: boolean,
    private readonly countLots = true,
  ) {}

  /** The best level, if any. */
  best(): PriceLevel | undefined {
    return this.sorted[this.sorted.length - 1];
  }

  /** The level `rank` places behind the best (0 is the best). */
  at(rank: number): PriceLevel | undefined {
    return this.sorted[this.sorted.length - 1 - rank];
  }

  /** How many prices have orders. */
  get size(): number {
    return this.sorted.length;
  }

  /** Appends an order at the back of its price's queue, opening the level if needed. */
  append(order: BookOrder, price: number): void {
    let level = this.byPrice.get(price);
    if (level === undefined) level = this.open(price);
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

  /** Removes and returns the best level with all its orders (for triggering stops). */
  popBest(): PriceLevel | undefined {
    const level = this.sorted.pop();
    if (level !== undefined) this.byPrice.delete(level.price);
    return level;
  }

  private open(price: number): PriceLevel {
    const level = new PriceLevel(price);
    this.byPrice.set(price, level);
    const sorted = this.sorted;
    let index = sorted.length;
    // A new best price is a push; any other a binary search and a move of the better levels,
    // few when the level opens near the touch, where most do.
    if (index > 0 && this.worse(price, (sorted[index - 1] as PriceLevel).price)) {
      index = this.insertionPoint(price);
    }
    sorted.push(level);
    for (let i = sorted.length - 1; i > index; i--) sorted[i] = sorted[i - 1] as PriceLevel;
    sorted[index] = level;
    return level;
  }

  private close(level: PriceLevel): void {
    this.byPrice.delete(level.price);
    const sorted = this.sorted;
    const last = sorted.length - 1;
    if (sorted[last] === level) {
      sorted.pop();
      return;
    }
    const index = this.insertionPoint(level.price);
    for (let i = index; i < last; i++) sorted[i] = sorted[i + 1] as PriceLevel;
    sorted.pop();
  }

  /** Whether price `a` ranks behind price `b` on this side. */
  private worse(a: number, b: number): boolean {
    return this.highestFirst ? a < b : a > b;
  }

  /** The index of the first level not worse than `price` (binary search from worst to best). */
  private insertionPoint(price: number): number {
    const sorted = this.sorted;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.worse((sorted[mid] as PriceLevel).price, price)) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
