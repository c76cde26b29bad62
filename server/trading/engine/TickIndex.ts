/**
 * Which prices of one side hold a level, as a bitmap over ticks, for a pair whose prices fit
 * TICK_INDEX_MAX: the nearest level above or below any price is a few bit scans away, with no
 * tree to walk or rebalance. Ticks come in chunks of 1,024 (32 words of bits and a word saying
 * which of them are not 0); a bitmap over chunks says which chunks hold a level, and one more word
 * per 32 of its words which of those are not 0. A moving market opens and closes about a level a
 * message, which in a tree cost a quarter of the engine's time. A chunk is 33 numbers, so a thin
 * book spread over a wide band (one level every thousand ticks) costs little, and emptied chunks
 * are reused: once warm, nothing is allocated.
 */

/** The highest price a tick index covers: the chunk directory of one side stays under 1 MB. */
export const TICK_INDEX_MAX = 2 ** 27;

const CHUNK_SHIFT = 10;
const CHUNK_MASK = (1 << CHUNK_SHIFT) - 1;
/** Where a chunk keeps the word saying which of its 32 words are not 0. */
const SUMMARY = 32;
/**
 * Emptied chunks kept for reuse at most (140 KB): a crash can leave stale orders a chunk apart
 * all along its path, about 1,600 chunks in the engine bench's moving market.
 */
const MAX_SPARE = 1_024;

/** The bits of `word` above bit `bit` (for 31, none: `-2 << 31` is 0). */
const above = (word: number, bit: number) => word & (-2 << bit);
/** The bits of `word` below bit `bit`. */
const below = (word: number, bit: number) => word & ((1 << bit) - 1);
/** The lowest and the highest set bit of a word that is not 0. */
const lowest = (word: number) => 31 - Math.clz32(word & -word);
const highest = (word: number) => 31 - Math.clz32(word);

/** The lowest and the highest tick a chunk that is not empty holds, within it. */
function lowestIn(chunk: Int32Array): number {
  const w = lowest(chunk[SUMMARY] as number);
  return (w << 5) + lowest(chunk[w] as number);
}

function highestIn(chunk: Int32Array): number {
  const w = highest(chunk[SUMMARY] as number);
  return (w << 5) + highest(chunk[w] as number);
}

/** The prices that hold a level (see the file comment). */
export class TickIndex {
  private readonly chunks: (Int32Array | null)[];
  /** A bit per chunk that holds a level, and a bit per word of those that is not 0. */
  private readonly chunkBits: Int32Array;
  private readonly groupBits: Int32Array;
  private readonly spare: Int32Array[] = [];

  /** An index of prices 0 to `maxPrice` (at most TICK_INDEX_MAX). */
  constructor(maxPrice: number) {
    if (maxPrice > TICK_INDEX_MAX) throw new RangeError('Too many ticks for a tick index');
    const chunks = (maxPrice >>> CHUNK_SHIFT) + 1;
    this.chunks = new Array<Int32Array | null>(chunks).fill(null);
    this.chunkBits = new Int32Array((chunks + 31) >>> 5);
    this.groupBits = new Int32Array((this.chunkBits.length + 31) >>> 5);
  }

  /** Marks a price that holds no level as holding one. */
  add(price: number): void {
    const c = price >>> CHUNK_SHIFT;
    let chunk = this.chunks[c] as Int32Array | null;
    if (chunk === null) {
      chunk = this.spare.pop() ?? new Int32Array(SUMMARY + 1);
      this.chunks[c] = chunk;
      const g = c >>> 5;
      this.chunkBits[g] = (this.chunkBits[g] as number) | (1 << (c & 31));
      this.groupBits[g >>> 5] = (this.groupBits[g >>> 5] as number) | (1 << (g & 31));
    }
    const i = price & CHUNK_MASK;
    const w = i >>> 5;
    chunk[w] = (chunk[w] as number) | (1 << (i & 31));
    chunk[SUMMARY] = (chunk[SUMMARY] as number) | (1 << w);
  }

  /** Marks a price that holds a level as holding none; a chunk left empty leaves the directory. */
  remove(price: number): void {
    const c = price >>> CHUNK_SHIFT;
    const chunk = this.chunks[c] as Int32Array;
    const i = price & CHUNK_MASK;
    const w = i >>> 5;
    const word = (chunk[w] as number) & ~(1 << (i & 31));
    chunk[w] = word;
    if (word !== 0) return;
    const summary = (chunk[SUMMARY] as number) & ~(1 << w);
    chunk[SUMMARY] = summary;
    if (summary !== 0) return;
    this.chunks[c] = null;
    if (this.spare.length < MAX_SPARE) this.spare.push(chunk);
    const g = c >>> 5;
    const bits = (this.chunkBits[g] as number) & ~(1 << (c & 31));
    this.chunkBits[g] = bits;
    if (bits === 0)
      this.groupBits[g >>> 5] = (this.groupBits[g >>> 5] as number) & ~(1 << (g & 31));
  }

  /** The lowest price above `price` that holds a level, or -1. */
  above(price: number): number {
    const c = price >>> CHUNK_SHIFT;
    const chunk = this.chunks[c];
    if (chunk != null) {
      const i = price & CHUNK_MASK;
      const w = i >>> 5;
      const bits = above(chunk[w] as number, i & 31);
      if (bits !== 0) return price - i + (w << 5) + lowest(bits);
      const words = above(chunk[SUMMARY] as number, w);
      if (words !== 0) {
        const next = lowest(words);
        return price - i + (next << 5) + lowest(chunk[next] as number);
      }
    }
    const next = this.chunkAbove(c);
    return next < 0 ? -1 : next * (CHUNK_MASK + 1) + lowestIn(this.chunks[next] as Int32Array);
  }

  /** The highest price below `price` that holds a level, or -1. */
  below(price: number): number {
    const c = price >>> CHUNK_SHIFT;
    const chunk = this.chunks[c];
    if (chunk != null) {
      const i = price & CHUNK_MASK;
      const w = i >>> 5;
      const bits = below(chunk[w] as number, i & 31);
      if (bits !== 0) return price - i + (w << 5) + highest(bits);
      const words = below(chunk[SUMMARY] as number, w);
      if (words !== 0) {
        const next = highest(words);
        return price - i + (next << 5) + highest(chunk[next] as number);
      }
    }
    const next = this.chunkBelow(c);
    return next < 0 ? -1 : next * (CHUNK_MASK + 1) + highestIn(this.chunks[next] as Int32Array);
  }

  /** The first chunk above chunk `c` that holds a level, or -1. */
  private chunkAbove(c: number): number {
    const { chunkBits, groupBits } = this;
    const g = c >>> 5;
    const bits = above(chunkBits[g] as number, c & 31);
    if (bits !== 0) return (g << 5) + lowest(bits);
    let group = g >>> 5;
    let words = above(groupBits[group] as number, g & 31);
    // Past the next 32 × 32 chunks, a word at a time: a book's levels are rarely that far apart.
    while (words === 0 && ++group < groupBits.length) words = groupBits[group] as number;
    if (words === 0) return -1;
    const next = (group << 5) + lowest(words);
    return (next << 5) + lowest(chunkBits[next] as number);
  }

  /** The last chunk below chunk `c` that holds a level, or -1. */
  private chunkBelow(c: number): number {
    const { chunkBits, groupBits } = this;
    const g = c >>> 5;
    const bits = below(chunkBits[g] as number, c & 31);
    if (bits !== 0) return (g << 5) + highest(bits);
    let group = g >>> 5;
    let words = below(groupBits[group] as number, g & 31);
    while (words === 0 && --group >= 0) words = groupBits[group] as number;
    if (words === 0) return -1;
    const next = (group << 5) + highest(words);
    return (next << 5) + highest(chunkBits[next] as number);
  }
}
