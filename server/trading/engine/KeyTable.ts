/**
 * Values by a positive safe integer (a book's open orders by id, its price levels by price): a
 * hash table with open addressing (linear probing) over a typed array of keys. A moving market
 * adds and drops an order and a level about every message; in a Map each of those was a builtin
 * call, and deleted entries stayed behind until the Map rebuilt itself. Here a lookup is a
 * multiply and a probe or two, and a delete moves the probe chain's later entries back into the
 * hole (Knuth's algorithm R), so nothing is left behind and nothing is allocated but on growth.
 * Keys are at least 1, so 0 marks a free slot.
 */

const FREE = 0;
const FIRST_BITS = 10;

/** Values by key (see the file comment). */
export class KeyTable<T> {
  private bits = FIRST_BITS;
  private mask = (1 << FIRST_BITS) - 1;
  private keys = new Float64Array(1 << FIRST_BITS);
  private values: (T | null)[] = new Array<T | null>(1 << FIRST_BITS).fill(null);
  private count = 0;

  /** How many values the table holds. */
  get size(): number {
    return this.count;
  }

  /** The value under `key`, or null. */
  get(key: number): T | null {
    const { keys, mask } = this;
    for (let slot = this.home(key); ; slot = (slot + 1) & mask) {
      const at = keys[slot] as number;
      if (at === key) return this.values[slot] as T;
      if (at === FREE) return null;
    }
  }

  /** Whether the table holds a value under `key`. */
  has(key: number): boolean {
    return this.get(key) !== null;
  }

  /** Files `value` under `key`, in place of what was there. */
  set(key: number, value: T): void {
    // Kept at most half full, so probe chains stay short.
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const { keys, mask } = this;
    let slot = this.home(key);
    while (keys[slot] !== FREE && keys[slot] !== key) slot = (slot + 1) & mask;
    if (keys[slot] === FREE) this.count++;
    keys[slot] = key;
    this.values[slot] = value;
  }

  /** Takes the value under `key` out, if there is one. */
  delete(key: number): void {
    if (key === FREE) return;
    const { keys, values, mask } = this;
    let hole = this.home(key);
    while (keys[hole] !== key) {
      if (keys[hole] === FREE) return;
      hole = (hole + 1) & mask;
    }
    this.count--;
    // Each later entry of the chain whose home is not between the hole and it moves into the hole.
    for (let slot = (hole + 1) & mask; keys[slot] !== FREE; slot = (slot + 1) & mask) {
      const home = this.home(keys[slot] as number);
      const stays = hole <= slot ? hole < home && home <= slot : hole < home || home <= slot;
      if (stays) continue;
      keys[hole] = keys[slot] as number;
      values[hole] = values[slot] as T;
      hole = slot;
    }
    keys[hole] = FREE;
    values[hole] = null;
  }

  /** Every value, in no particular order. */
  forEach(visit: (value: T) => void): void {
    for (const value of this.values) if (value !== null) visit(value);
  }

  /** The slot a key hashes to: Fibonacci hashing of its low and high 32 bits. */
  private home(key: number): number {
    const mixed = (key | 0) ^ Math.imul((key / 4_294_967_296) | 0, 0x85eb_ca6b);
    return Math.imul(mixed, 0x9e37_79b1) >>> (32 - this.bits);
  }

  private grow(): void {
    const { keys, values } = this;
    this.bits++;
    this.mask = (1 << this.bits) - 1;
    this.keys = new Float64Array(1 << this.bits);
    this.values = new Array<T | null>(1 << this.bits).fill(null);
    this.count = 0;
    for (let slot = 0; slot < values.length; slot++) {
      if (values[slot] !== null) this.set(keys[slot] as number, values[slot] as T);
    }
  }
}
