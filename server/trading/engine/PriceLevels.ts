/** One side of a book (or of the stop book): FIFO queues of orders per price, best price first. */
import { type BookOrder, PriceLevel } from './BookOrder.ts';
import { insertLevel, lastBetter, removeLevel } from './LevelTree.ts';

/** Emptied levels kept for reuse at most: a moving market opens about one a message. */
const MAX_SPARE = 1_024;

/**
 * Levels by price in a Map, in a tree by price (LevelTree) and in a list from best to worst.
 * Adding or removing an order is O(1) unless it opens or empties a level: then the tree finds
 * the level's neighbours and takes it in or out in O(log n), wherever in the side it is. The
 * list gives the best level, the next one, and the top of the book in order, each step O(1).
 * Emptied levels are reused, so a level opening allocates nothing once the book has warmed up.
 */
export class PriceLevels {
  private readonly byPrice = new Map<number, PriceLevel>();
  private root: PriceLevel | null = null;
  private first: PriceLevel | null = null;
  private levels = 0;
  private readonly spare: PriceLevel[] = [];

  /**
   * `highestFirst`: bids and sell stops (the highest price is best / triggers first); otherwise
   * asks and buy stops. `countLots`: keep `PriceLevel.lots` (stops have no use for it).
   */
  constructor(
    private readonly highestFirst: boolean,
    private readonly countLots = true,
  ) {}

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
    this.root = insertLevel(this.root, level);
    const better = lastBetter();
    const worse = better === null ? this.first : better.worse;
    level.better = better;
    level.worse = worse;
    if (better === null) this.first = level;
    else better.worse = level;
    if (worse !== null) worse.better = level;
    this.levels++;
    return level;
  }

  private close(level: PriceLevel): void {
    this.unlink(level);
    level.head = null;
    level.tail = null;
    level.lots = 0;
    if (this.spare.length < MAX_SPARE) this.spare.push(level);
  }

  /** Takes a level out of the map, the tree and the list. */
  private unlink(level: PriceLevel): void {
    this.byPrice.delete(level.price);
    this.root = removeLevel(this.root, level);
    const { better, worse } = level;
    if (better === null) this.first = worse;
    else better.worse = worse;
    if (worse !== null) worse.better = better;
    level.better = null;
    level.worse = null;
    this.levels--;
  }
}
