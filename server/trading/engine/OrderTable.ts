/**
 * A book's open orders by id: a hash table with open addressing (linear probing) over a typed
 * array of ids. A moving market adds and drops an id about every message; in a Map each of those
 * was a builtin call, and deleted entries stayed behind until the Map rebuilt itself. Here a
 * lookup is a multiply and a probe or two, and a delete moves the probe chain's later entries back
 * into the hole (Knuth's algorithm R), so nothing is left behind and nothing is allocated but on
 * growth. Ids are positive safe integers, so 0 marks a free slot.
 */
import type { BookOrder } from './BookOrder.ts';

const FREE = 0;
const FIRST_BITS = 10;

/** Open orders by id (see the file comment). */
export class OrderTable {
  private bits = FIRST_BITS;
  private mask = (1 << FIRST_BITS) - 1;
  private ids = new Float64Array(1 << FIRST_BITS);
  private orders: (BookOrder | null)[] = new Array<BookOrder | null>(1 << FIRST_BITS).fill(null);
  private count = 0;

  /** How many orders the table holds. */
  get size(): number {
    return this.count;
  }

  /** The order with this id, or null. */
  get(id: number): BookOrder | null {
    const { ids, mask } = this;
    for (let slot = this.home(id); ; slot = (slot + 1) & mask) {
      const at = ids[slot] as number;
      if (at === id) return this.orders[slot] as BookOrder;
      if (at === FREE) return null;
    }
  }

  /** Whether an order with this id is in the table. */
  has(id: number): boolean {
    return this.get(id) !== null;
  }

  /** Adds an order, or puts it in place of the one with its id. */
  set(order: BookOrder): void {
    // Kept at most half full, so probe chains stay short.
    if ((this.count + 1) * 2 > this.ids.length) this.grow();
    const { ids, mask } = this;
    const id = order.id;
    let slot = this.home(id);
    while (ids[slot] !== FREE && ids[slot] !== id) slot = (slot + 1) & mask;
    if (ids[slot] === FREE) this.count++;
    ids[slot] = id;
    this.orders[slot] = order;
  }

  /** Takes the order with this id out, if there is one. */
  delete(id: number): void {
    if (id === FREE) return;
    const { ids, orders, mask } = this;
    let hole = this.home(id);
    while (ids[hole] !== id) {
      if (ids[hole] === FREE) return;
      hole = (hole + 1) & mask;
    }
    this.count--;
    // Each later entry of the chain whose home is not between the hole and it moves into the hole.
    for (let slot = (hole + 1) & mask; ids[slot] !== FREE; slot = (slot + 1) & mask) {
      const home = this.home(ids[slot] as number);
      const stays = hole <= slot ? hole < home && home <= slot : hole < home || home <= slot;
      if (stays) continue;
      ids[hole] = ids[slot] as number;
      orders[hole] = orders[slot] as BookOrder;
      hole = slot;
    }
    ids[hole] = FREE;
    orders[hole] = null;
  }

  /** Every order, in no particular order. */
  forEach(visit: (order: BookOrder) => void): void {
    for (const order of this.orders) if (order !== null) visit(order);
  }

  /** The slot an id hashes to: Fibonacci hashing of its low and high 32 bits. */
  private home(id: number): number {
    const mixed = (id | 0) ^ Math.imul((id / 4_294_967_296) | 0, 0x85eb_ca6b);
    return Math.imul(mixed, 0x9e37_79b1) >>> (32 - this.bits);
  }

  private grow(): void {
    const orders = this.orders;
    this.bits++;
    this.mask = (1 << this.bits) - 1;
    this.ids = new Float64Array(1 << this.bits);
    this.orders = new Array<BookOrder | null>(1 << this.bits).fill(null);
    this.count = 0;
    for (const order of orders) if (order !== null) this.set(order);
  }
}
