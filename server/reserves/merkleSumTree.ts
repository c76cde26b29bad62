/**
 * The Merkle sum tree of a proof of liabilities, by the rules written in
 * docs/proof-of-reserves.md (the standalone verifier, clients/verify-proof.mjs, implements the
 * same rules on its own). Every node is a record: its SHA-256 hash (32 bytes) followed by one
 * 32-byte big-endian unsigned sum per asset, in the snapshot's asset order. A leaf's hash commits
 * to the asset list, the account, its secret nonce and its balances; a node's hash commits to
 * both children's records, hashes and sums alike, and its sums are theirs added. Amounts are
 * unsigned by encoding, so no negative balance can hide a liability; a leaf amount must be below
 * 2^128, so no sum of up to 2^64 leaves can reach 2^256 (the addition refuses to wrap all the same).
 */
import { createHash, createHmac } from 'node:crypto';

/** Bytes of a hash and of one encoded amount. */
export const HASH_BYTES = 32;
export const AMOUNT_BYTES = 32;

/** A leaf amount must be below this (2^128 minor units). */
export const LEAF_LIMIT = 2n ** 128n;

/** The fewest leaves a tree has: a small exchange's account count is hidden among the padding. */
export const MIN_LEAVES = 1024;

/** Domain tags: a leaf, a node and a nonce can never be mistaken for one another. */
const LEAF_TAG = Buffer.from('PoR-leaf-v1\0', 'ascii');
const NODE_TAG = Buffer.from('PoR-node-v1\0', 'ascii');
const NONCE_TAG = 'PoR-nonce-v1\0';
const PAD_TAG = 'PoR-pad-v1\0';

/** Bytes of one node record for `assets` assets. */
export function recordBytes(assets: number): number {
  return HASH_BYTES + AMOUNT_BYTES * assets;
}

/** The asset list as a leaf commits to it: a count byte, then each ticker as length byte + ASCII. */
export function assetHeader(assets: readonly string[]): Buffer {
  if (assets.length === 0 || assets.length > 255) throw new RangeError('1 to 255 assets');
  const parts = [Buffer.from([assets.length])];
  for (const ticker of assets) {
    const bytes = Buffer.from(ticker, 'ascii');
    if (bytes.length === 0 || bytes.length > 255) throw new RangeError(`bad ticker ${ticker}`);
    parts.push(Buffer.from([bytes.length]), bytes);
  }
  return Buffer.concat(parts);
}

/** An account's nonce in a snapshot: HMAC-SHA-256 keyed by the snapshot's secret. */
export function accountNonce(secret: Buffer, account: string): Buffer {
  return createHmac('sha256', secret).update(`${NONCE_TAG}${account}`, 'utf8').digest();
}

/** The nonce of the padding leaf at `position`; padding leaves commit to the account "". */
export function paddingNonce(secret: Buffer, position: number): Buffer {
  return createHmac('sha256', secret).update(`${PAD_TAG}${position}`, 'utf8').digest();
}

/** Amounts as 32-byte big-endian unsigned integers; refuses a negative or out-of-range one. */
export function encodeAmounts(amounts: readonly bigint[]): Buffer {
  const out = Buffer.alloc(AMOUNT_BYTES * amounts.length);
  amounts.forEach((amount, index) => {
    if (amount < 0n) throw new RangeError(`amount ${index} is negative: ${amount}`);
    if (amount >= LEAF_LIMIT) throw new RangeError(`amount ${index} is 2^128 or more`);
    if (amount === 0n) return;
    out.write(amount.toString(16).padStart(AMOUNT_BYTES * 2, '0'), index * AMOUNT_BYTES, 'hex');
  });
  return out;
}

/** The amounts of an encoded record's sums, as BigInts. */
export function decodeAmounts(sums: Buffer): bigint[] {
  const amounts: bigint[] = [];
  for (let at = 0; at < sums.length; at += AMOUNT_BYTES) {
    amounts.push(BigInt(`0x${sums.toString('hex', at, at + AMOUNT_BYTES)}`));
  }
  return amounts;
}

/** A leaf's record: its hash, then its amounts. */
export function leafRecord(
  header: Buffer,
  account: string,
  nonce: Buffer,
  amounts: Buffer,
): Buffer {
  const id = Buffer.from(account, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(id.length);
  const hash = createHash('sha256')
    .update(LEAF_TAG)
    .update(header)
    .update(length)
    .update(id)
    .update(nonce)
    .update(amounts)
    .digest();
  return Buffer.concat([hash, amounts]);
}

/** The parent of two records: the hash of both, then their sums added. */
export function parentRecord(left: Buffer, right: Buffer): Buffer {
  const out = Buffer.alloc(left.length);
  createHash('sha256').update(NODE_TAG).update(left).update(right).digest().copy(out, 0);
  for (let end = left.length; end > HASH_BYTES; end -= AMOUNT_BYTES) {
    let carry = 0;
    for (let at = end - 1; at >= end - AMOUNT_BYTES; at -= 1) {
      const sum = (left[at] as number) + (right[at] as number) + carry;
      out[at] = sum & 0xff;
      carry = sum >> 8;
    }
    if (carry !== 0) throw new RangeError('a node sum reached 2^256');
  }
  return out;
}

/** The parents of a level (an even number of records packed in one buffer). */
export function parentLevel(level: Buffer, size: number): Buffer {
  const count = level.length / size / 2;
  const out = Buffer.alloc(count * size);
  for (let index = 0; index < count; index += 1) {
    const left = level.subarray(2 * index * size, (2 * index + 1) * size);
    const right = level.subarray((2 * index + 1) * size, (2 * index + 2) * size);
    parentRecord(left, right).copy(out, index * size);
  }
  return out;
}

/** How many leaves a tree of `accounts` accounts has: a power of two, at least MIN_LEAVES. */
export function paddedSize(accounts: number): number {
  let size = MIN_LEAVES;
  while (size < accounts) size *= 2;
  return size;
}

/** Levels above the leaves: log2 of the leaf count. */
export function depthOf(leaves: number): number {
  return Math.round(Math.log2(leaves));
}
