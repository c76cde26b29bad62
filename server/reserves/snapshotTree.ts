/**
 * A snapshot's tree built whole, and one account's path rebuilt later from what was stored. Only
 * the levels from STORED_FROM_LEVEL up are kept; a path's lower part is rebuilt from the leaves
 * of the account's block (2^STORED_FROM_LEVEL leaves), so a proof reads one block and a few nodes
 * rather than the whole tree, and no path is stored twice.
 */
import { randomBytes } from 'node:crypto';
import { depthOf, LeafHasher, paddedSize, parentLevel, recordBytes } from './merkleSumTree.ts';

/** Levels at and above this one are stored; below, a block of 256 leaves is rebuilt. */
export const STORED_FROM_LEVEL = 8;

/** A counted account's leaf: its id as the leaf commits to it, and its encoded amounts. */
export interface TreeLeaf {
  account: string;
  amounts: Buffer;
}

/** A tree as a snapshot stores it. */
export interface BuiltTree {
  leafCount: number;
  /** Each counted account's leaf position, in the order the accounts were given. */
  positions: number[];
  /** The levels from STORED_FROM_LEVEL to the root, each as packed records. */
  stored: Map<number, Buffer>;
  /** The root's record: its hash, then the total per asset. */
  root: Buffer;
}

/**
 * Leaves at random positions among the padding: neighbours reveal nothing of who is next to whom.
 * A Fisher-Yates shuffle drawing each index from 32 random bits, a draw at or above the largest
 * multiple of the range drawn again, so every order is as likely as any other.
 */
export function shuffledPositions(accounts: number, leafCount: number): number[] {
  const slots = Array.from({ length: leafCount }, (_, index) => index);
  let pool = randomBytes(4 * leafCount);
  let at = 0;
  for (let index = leafCount - 1; index > 0; index -= 1) {
    const range = index + 1;
    const limit = 2 ** 32 - (2 ** 32 % range);
    let draw: number;
    do {
      if (at === pool.length) [pool, at] = [randomBytes(4 * 1024), 0];
      draw = pool.readUInt32BE(at);
      at += 4;
    } while (draw >= limit);
    const other = draw % range;
    const kept = slots[index] as number;
    slots[index] = slots[other] as number;
    slots[other] = kept;
  }
  return slots.slice(0, accounts);
}

/**
 * A tree built as the accounts come: each account's leaf is hashed when it is added (its record
 * does not depend on its place), so a snapshot hashes while it still reads; `build` then draws
 * the places, hashes the padding and the levels above.
 */
export class TreeBuilder {
  private readonly hasher: LeafHasher;
  private readonly size: number;
  private records: Buffer;
  private count = 0;

  constructor(secret: Buffer, header: Buffer, assets: number) {
    this.hasher = new LeafHasher(secret, header, assets);
    this.size = recordBytes(assets);
    this.records = Buffer.alloc(this.size * 1024);
  }

  /** Accounts added so far. */
  get accounts(): number {
    return this.count;
  }

  /** Hashes the next account's leaf. */
  add(account: string, amounts: Buffer): void {
    if ((this.count + 1) * this.size > this.records.length) {
      const larger = Buffer.alloc(this.records.length * 2);
      this.records.copy(larger);
      this.records = larger;
    }
    this.hasher.account(account, amounts, this.records, this.count * this.size);
    this.count += 1;
  }

  /** The whole tree (see BuiltTree): leaves placed, padding hashed, levels up to the root. */
  build(): BuiltTree {
    const { size, count } = this;
    const leafCount = paddedSize(count);
    const positions = shuffledPositions(count, leafCount);
    let level: Buffer = Buffer.alloc(leafCount * size);
    const taken = new Uint8Array(leafCount);
    positions.forEach((position, index) => {
      this.records.copy(level, position * size, index * size, (index + 1) * size);
      taken[position] = 1;
    });
    for (let position = 0; position < leafCount; position += 1) {
      if (taken[position] === 0) this.hasher.padding(position, level, position * size);
    }
    const stored = new Map<number, Buffer>();
    for (let height = 1; height <= depthOf(leafCount); height += 1) {
      level = parentLevel(level, size);
      if (height >= STORED_FROM_LEVEL) stored.set(height, level);
    }
    return { leafCount, positions, stored, root: level };
  }
}

/**
 * The records of leaves `from` to `from + count - 1`: the counted account at each taken
 * position, a padding leaf (account "", zero balances, its own nonce) at every other.
 */
export function leafBlock(
  secret: Buffer,
  header: Buffer,
  assets: number,
  at: ReadonlyMap<number, TreeLeaf>,
  from: number,
  count: number,
): Buffer {
  const size = recordBytes(assets);
  const hasher = new LeafHasher(secret, header, assets);
  const out = Buffer.alloc(count * size);
  for (let position = from; position < from + count; position += 1) {
    const leaf = at.get(position);
    const offset = (position - from) * size;
    if (leaf === undefined) hasher.padding(position, out, offset);
    else hasher.account(leaf.account, leaf.amounts, out, offset);
  }
  return out;
}

/** Builds the whole tree of `leaves` (see TreeBuilder). */
export function buildTree(
  secret: Buffer,
  header: Buffer,
  assets: number,
  leaves: readonly TreeLeaf[],
): BuiltTree {
  const builder = new TreeBuilder(secret, header, assets);
  for (const leaf of leaves) builder.add(leaf.account, leaf.amounts);
  return builder.build();
}

/** One step of a path: the sibling's record at that level. */
export type PathStep = Buffer;

/**
 * The siblings of the leaf at `position` from the leaf level up to the last stored level's
 * child, rebuilt from its block's leaves; the rest of the path comes from the stored nodes.
 */
export function lowerPath(block: Buffer, size: number, position: number): PathStep[] {
  const steps: PathStep[] = [];
  let level = block;
  let index = position % 2 ** STORED_FROM_LEVEL;
  for (let height = 0; height < STORED_FROM_LEVEL; height += 1) {
    const sibling = index ^ 1;
    steps.push(Buffer.from(level.subarray(sibling * size, (sibling + 1) * size)));
    level = parentLevel(level, size);
    index >>= 1;
  }
  return steps;
}
