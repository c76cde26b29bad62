/**
 * An AVL tree of price levels by `key` (smaller is better), the levels themselves its nodes: a
 * level opens or closes anywhere in a side in O(log n), with nothing shifted and nothing
 * allocated. Heights differ by at most one between siblings (Adelson-Velsky and Landis, 1962),
 * so a side of a million levels is at most 28 deep.
 */
import type { PriceLevel } from './BookOrder.ts';

const height = (level: PriceLevel | null) => (level === null ? 0 : level.height);

function fixHeight(level: PriceLevel): void {
  const left = height(level.left);
  const right = height(level.right);
  level.height = Math.max(left, right) + 1;
}

function rotateRight(level: PriceLevel): PriceLevel {
  const top = level.left as PriceLevel;
  level.left = top.right;
  top.right = level;
  fixHeight(level);
  fixHeight(top);
  return top;
}

function rotateLeft(level: PriceLevel): PriceLevel {
  const top = level.right as PriceLevel;
  level.right = top.left;
  top.left = level;
  fixHeight(level);
  fixHeight(top);
  return top;
}

/** Restores the AVL balance at `level` after one of its subtrees changed by one in height. */
function balance(level: PriceLevel): PriceLevel {
  const left = height(level.left);
  const right = height(level.right);
  if (left > right + 1) {
    const child = level.left as PriceLevel;
    if (height(child.left) < height(child.right)) level.left = rotateLeft(child);
    return rotateRight(level);
  }
  if (right > left + 1) {
    const child = level.right as PriceLevel;
    if (height(child.right) < height(child.left)) level.right = rotateRight(child);
    return rotateLeft(level);
  }
  level.height = Math.max(left, right) + 1;
  return level;
}

/** The last level better than the one `insertLevel` just added, or null (see lastBetter). */
let betterFound: PriceLevel | null = null;

/**
 * Adds a level whose key the tree does not hold and returns the new root; `lastBetter()` then
 * tells the level's better neighbour, found on the way down.
 */
export function insertLevel(root: PriceLevel | null, level: PriceLevel): PriceLevel {
  betterFound = null;
  return insertUnder(root, level);
}

function insertUnder(root: PriceLevel | null, level: PriceLevel): PriceLevel {
  if (root === null) {
    level.left = null;
    level.right = null;
    level.height = 1;
    return level;
  }
  if (level.key < root.key) root.left = insertUnder(root.left, level);
  else {
    betterFound = root;
    root.right = insertUnder(root.right, level);
  }
  return balance(root);
}

/** The better neighbour of the level the last insertLevel added. */
export function lastBetter(): PriceLevel | null {
  return betterFound;
}

function removeFirst(root: PriceLevel): PriceLevel | null {
  if (root.left === null) return root.right;
  root.left = removeFirst(root.left);
  return balance(root);
}

/** Takes a level the tree holds out of it; returns the new root. */
export function removeLevel(root: PriceLevel | null, level: PriceLevel): PriceLevel | null {
  if (root === null) return null;
  if (level.key < root.key) root.left = removeLevel(root.left, level);
  else if (level.key > root.key) root.right = removeLevel(root.right, level);
  else {
    const { left, right } = level;
    level.left = null;
    level.right = null;
    if (left === null) return right;
    if (right === null) return left;
    // The next level in key order is the first of the right subtree: it takes this one's place.
    let next = right;
    while (next.left !== null) next = next.left;
    next.right = removeFirst(right);
    next.left = left;
    return balance(next);
  }
  return balance(root);
}
