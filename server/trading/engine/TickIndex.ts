/**
 * The price levels of one side by tick, for a pair whose prices fit TICK_INDEX_MAX: a level is
 * found by its price in two array reads, and the nearest level above or below any price by a few
 * bit scans, with no tree to walk or rebalance. Ticks come in chunks of 1,024 (a bitmap of 32
 * words and a word saying which of them hold a bit); a bitmap over chunks says which chunks hold
 * a level, and one more word per 32 of its words which of them are not empty. A moving market
 * opens and closes about a level a message, which in a tree cost a quarter of the engine's time.
 */
import type { PriceLevel } from './BookOrder.ts';

/** The highest price a tick index covers: the chunk directory of one side stays under 1 MB. */
export const TICK_INDEX_MAX = 2 ** 27;

const CHUNK_SHIFT = 10;
const CHUNK_TICKS = 1 << CHUNK_SHIFT;
/** Emptied chunks kept for reuse at most: the band a busy book spans moves with its price. */
const MAX_SPARE = 64;

/** The bits of `word` above bit `bit` (for 31, none: `-2 << 31` is 0). */
const above = (word: number, bit: number) => word & (-2 << bit);
/** The bits of `word` below bit `bit`. */
const below = (word: number, bit: number) => word & ((1 << bit) - 1);
/** The lowest and the highest set bit of a word that is not 0. */
const lowest = (word: number) => 31 - Math.clz32(word & -word);
const highest = (word: number) => 31 - Math.clz32(word);

/** 1,024 ticks: their levels, a bitmap of which exist, and which of its 32 words are not 0. */
class Chunk {
  readonly levels: (PriceLevel | null)[] = new Array<PriceLevel | null>(CHUNK_TICKS).fill(null);
  readonly words = new Int32Array(CHUNK_TICKS >>> 5);
  summary = 0;

  lowestLevel(): PriceLevel {
    const w = lowest(this.summary);
    return this.levels[(w << 5) + lowest(this.words[w] as number)] as PriceLevel;
  }

  highestLevel(): PriceLevel {
    const w = highest(this.summary);
    return this.levels[(w << 5) + highest(this.words[w] as number)] as PriceLevel;
  }
}

/** Price → level, and the nearest level either way (see the file comment). */
export class TickIndex {
  private readonly chunks: (Chunk | null)[];
  /** A bit per chunk that holds a level, and a bit per word of those that is not 0. */
  private readonly chunkBits: Int32Array;
  private readonly groupBits: Int32Array;
  private readonly spare: Chunk[] = [];

  /** An index of prices 0 to `maxPrice` (at most TICK_INDEX_MAX). */
  constructor(maxPrice: number) {
    if (maxPrice > TICK_INDEX_MAX) throw new RangeError('Too many ticks for a tick index');
    const chunks = (maxPrice >>> CHUNK_SHIFT) + 1;
    this.chunks = new Array<Chunk | null>(chunks).fill(null);
    this.chunkBits = new Int32Array((chunks + 31) >>> 5);
    this.groupBits = new Int32Array((this.chunkBits.length + 31) >>> 5);
  }

  /** The level at `price`, or null. */
  get(price: number): PriceLevel | null {
    const chunk = this.chunks[price >>> CHUNK_SHIFT];
    return chunk == null ? null : (chunk.levels[price & (CHUNK_TICKS - 1)] as PriceLevel | null);
  }

  /** Adds a level at a price that has none. */
  add(level: PriceLevel): void {
    const price = level.price;
    const c = price >>> CHUNK_SHIFT;
    let chunk = this.chunks[c] as Chunk | null;
    if (chunk === null) {
      chunk = this.spare.pop() ?? new Chunk();
      this.chunks[c] = chunk;
      const g = c >>> 5;
      this.chunkBits[g] = (this.chunkBits[g] as number) | (1 << (c & 31));
      this.groupBits[g >>> 5] = (this.groupBits[g >>> 5] as number) | (1 << (g & 31));
    }
    const i = price & (CHUNK_TICKS - 1);
    const w = i >>> 5;
    chunk.levels[i] = level;
    chunk.words[w] = (chunk.words[w] as number) | (1 << (i & 31));
    chunk.summary |= 1 << w;
  }

  /** Takes out the level at `price`; a chunk left empty leaves the directory. */
  remove(price: number): void {
    const c = price >>> CHUNK_SHIFT;
    const chunk = this.chunks[c] as Chunk;
    const i = price & (CHUNK_TICKS - 1);
    const w = i >>> 5;
    chunk.levels[i] = null;
    const word = (chunk.words[w] as number) & ~(1 << (i & 31));
    chunk.words[w] = word;
    if (word !== 0) return;
    chunk.summary &= ~(1 << w);
    if (chunk.summary !== 0) return;
    this.chunks[c] = null;
    if (this.spare.length < MAX_SPARE) this.spare.push(chunk);
    const g = c >>> 5;
    const bits = (this.chunkBits[g] as number) & ~(1 << (c & 31));
    this.chunkBits[g] = bits;
    if (bits === 0)
      this.groupBits[g >>> 5] = (this.groupBits[g >>> 5] as number) & ~(1 << (g & 31));
  }

  /** The level at the lowest price above `price`, or null. */
  above(price: number): PriceLevel | null {
    const c = price >>> CHUNK_SHIFT;
    const chunk = this.chunks[c];
    if (chunk != null) {
      const i = price & (CHUNK_TICKS - 1);
      const w = i >>> 5;
      const bits = above(chunk.words[w] as number, i & 31);
      if (bits !== 0) return chunk.levels[(w << 5) + lowest(bits)] as PriceLevel;
      const words = above(chunk.summary, w);
      if (words !== 0) {
        const next = lowest(words);
        return chunk.levels[(next << 5) + lowest(chunk.words[next] as number)] as PriceLevel;
      }
    }
    const next = this.chunkAbove(c);
    return next < 0 ? null : (this.chunks[next] as Chunk).lowestLevel();
  }

  /** The level at the highest price below `price`, or null. */
  below(price: number): PriceLevel | null {
    const c = price >>> CHUNK_SHIFT;
    const chunk = this.chunks[c];
    if (chunk != null) {
      const i = price & (CHUNK_TICKS - 1);
      const w = i >>> 5;
      const bits = below(chunk.words[w] as number, i & 31);
      if (bits !== 0) return chunk.levels[(w << 5) + highest(bits)] as PriceLevel;
      const words = below(chunk.summary, w);
      if (words !== 0) {
        const next = highest(words);
        return chunk.levels[(next << 5) + highest(chunk.words[next] as number)] as PriceLevel;
      }
    }
    const next = this.chunkBelow(c);
    return next < 0 ? null : (this.chunks[next] as Chunk).highestLevel();
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
