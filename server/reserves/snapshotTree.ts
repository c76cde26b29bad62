/**
 * A snapshot's tree built whole, and one account's path rebuilt later from what was stored. Only
 * the levels from STORED_FROM_LEVEL up are kept; a path's lower part is rebuilt from the leaves
 * of the account's block (2^STORED_FROM_LEVEL leaves), so a proof reads one block and a few nodes
 * rather than the whole tree, and no path is stored twice.
 */
import { randomInt } from 'node:crypto';
import {
  accountNonce,
  depthOf,
  HASH_BYTES,
  leafRecord,
  paddedSize,
  paddingNonce,
  parentLevel,
  recordBytes,
} from './merkleSumTree.ts';

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

/** Leaves at random positions among the padding: neighbours reveal nothing of who is next to whom. */
export function shuffledPositions(accounts: number, leafCount: number): number[] {
  const slots = Array.from({ length: leafCount }, (_, index) => index);
  for (let index = leafCount - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    const kept = slots[index] as number;
    slots[index] = slots[other] as number;
    slots[other] = kept;
  }
  return slots.slice(0, accounts);
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
  const zero = Buffer.alloc(size - HASH_BYTES);
  const out = Buffer.alloc(count * size);
  for (let position = from; position < from + count; position += 1) {
    const leaf = at.get(position);
    const record =
      leaf === undefined
        ? leafRecord(header, '', paddingNonce(secret, position), zero)
        : leafRecord(header, leaf.account, accountNonce(secret, leaf.account), leaf.amounts);
    record.copy(out, (position - from) * size);
  }
  return out;
}

/** Builds the whole tree of `leaves` (see the file comment). */
export function buildTree(
  secret: Buffer,
  header: Buffer,
  assets: number,
  leaves: readonly TreeLeaf[],
): BuiltTree {
  const leafCount = paddedSize(leaves.length);
  const positions = shuffledPositions(leaves.length, leafCount);
  const at = new Map<number, TreeLeaf>();
  leaves.forEach((leaf, index) => {
    at.set(positions[index] as number, leaf);
  });
  const size = recordBytes(assets);
  let level = leafBlock(secret, header, assets, at, 0, leafCount);
  const stored = new Map<number, Buffer>();
  for (let height = 1; height <= depthOf(leafCount); height += 1) {
    level = parentLevel(level, size);
    if (height >= STORED_FROM_LEVEL) stored.set(height, level);
  }
  return { leafCount, positions, stored, root: level };
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
