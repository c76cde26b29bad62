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
import * as nodeCrypto from 'node:crypto';

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

/** SHA-256's block: an HMAC key shorter than it is padded with zeros to it (RFC 2104). */
const BLOCK_BYTES = 64;

const LOW_64 = 2n ** 64n - 1n;

/**
 * SHA-256 of `data` in one call: crypto.hash (Node 20.12 and later) skips the Hash object a
 * tree of 131,072 leaves would otherwise make 262,143 times; a Hash object on older Node.
 */
export const sha256: (data: Uint8Array) => Buffer =
  typeof nodeCrypto.hash === 'function'
    ? (data) => nodeCrypto.hash('sha256', data, 'buffer')
    : (data) => nodeCrypto.createHash('sha256').update(data).digest();

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
  return nodeCrypto.createHmac('sha256', secret).update(`${NONCE_TAG}${account}`, 'utf8').digest();
}

/** The nonce of the padding leaf at `position`; padding leaves commit to the account "". */
export function paddingNonce(secret: Buffer, position: number): Buffer {
  return nodeCrypto.createHmac('sha256', secret).update(`${PAD_TAG}${position}`, 'utf8').digest();
}

/** Amounts as 32-byte big-endian unsigned integers; refuses a negative or out-of-range one. */
export function encodeAmounts(amounts: readonly bigint[]): Buffer {
  const out = Buffer.alloc(AMOUNT_BYTES * amounts.length);
  amounts.forEach((amount, index) => {
    encodeAmount(amount, index, out, index * AMOUNT_BYTES);
  });
  return out;
}

/** Writes one leaf amount (below 2^128, so its first 16 bytes stay zero) at `out[at]`. */
export function encodeAmount(amount: bigint, index: number, out: Buffer, at: number): void {
  if (amount < 0n) throw new RangeError(`amount ${index} is negative: ${amount}`);
  if (amount >= LEAF_LIMIT) throw new RangeError(`amount ${index} is 2^128 or more`);
  out.writeBigUInt64BE(amount >> 64n, at + 16);
  out.writeBigUInt64BE(amount & LOW_64, at + 24);
}

/** The amounts of an encoded record's sums, as BigInts. */
export function decodeAmounts(sums: Buffer): bigint[] {
  const amounts: bigint[] = [];
  for (let at = 0; at < sums.length; at += AMOUNT_BYTES) {
    let amount = 0n;
    for (let word = at; word < at + AMOUNT_BYTES; word += 8) {
      amount = (amount << 64n) | sums.readBigUInt64BE(word);
    }
    amounts.push(amount);
  }
  return amounts;
}

/**
 * Leaf records of one snapshot, hashed from one reusable buffer each: the leaf's preimage (tag
 * and asset header written once, then the id's length, id, nonce and amounts per leaf) and the
 * HMAC's two blocks (RFC 2104: SHA-256 over the key padded and XORed with 0x36, then the message;
 * SHA-256 over the key XORed with 0x5c, then that hash). Same bytes, same hashes as the rules.
 */
export class LeafHasher {
  private preimage: Buffer;
  private inner: Buffer;
  private readonly outer = Buffer.alloc(BLOCK_BYTES + HASH_BYTES);
  private readonly fixed: number;
  private readonly amountBytes: number;
  private readonly zero: Buffer;

  constructor(secret: Buffer, header: Buffer, assets: number) {
    if (secret.length > BLOCK_BYTES) throw new RangeError('a secret longer than a SHA-256 block');
    this.amountBytes = AMOUNT_BYTES * assets;
    this.zero = Buffer.alloc(this.amountBytes);
    this.fixed = LEAF_TAG.length + header.length;
    this.preimage = Buffer.alloc(this.fixed + 2 + 64 + HASH_BYTES + this.amountBytes);
    LEAF_TAG.copy(this.preimage, 0);
    header.copy(this.preimage, LEAF_TAG.length);
    this.inner = Buffer.alloc(BLOCK_BYTES + 64);
    for (let at = 0; at < BLOCK_BYTES; at += 1) {
      const key = secret[at] ?? 0;
      this.inner[at] = key ^ 0x36;
      this.outer[at] = key ^ 0x5c;
    }
  }

  /** Writes the record of `account`'s leaf (hash, then `amounts`) at `out[at]`. */
  account(account: string, amounts: Buffer, out: Buffer, at: number): void {
    this.leaf(account, this.nonce(NONCE_TAG, account), amounts, out, at);
  }

  /** Writes the record of the padding leaf at `position` (account "", zero amounts) at `out[at]`. */
  padding(position: number, out: Buffer, at: number): void {
    this.leaf('', this.nonce(PAD_TAG, String(position)), this.zero, out, at);
  }

  private leaf(account: string, nonce: Buffer, amounts: Buffer, out: Buffer, at: number): void {
    const idBytes = Buffer.byteLength(account, 'utf8');
    if (idBytes > 0xffff) throw new RangeError('an account id of 64 KiB or more');
    const length = this.fixed + 2 + idBytes + HASH_BYTES + this.amountBytes;
    if (length > this.preimage.length) this.preimage = grown(this.preimage, length);
    const image = this.preimage;
    image.writeUInt16BE(idBytes, this.fixed);
    let end = this.fixed + 2 + image.write(account, this.fixed + 2, 'utf8');
    end += nonce.copy(image, end);
    end += amounts.copy(image, end);
    sha256(image.subarray(0, end)).copy(out, at);
    amounts.copy(out, at + HASH_BYTES);
  }

  private nonce(tag: string, rest: string): Buffer {
    const length = BLOCK_BYTES + tag.length + Buffer.byteLength(rest, 'utf8');
    if (length > this.inner.length) this.inner = grown(this.inner, length);
    let end = BLOCK_BYTES + this.inner.write(tag, BLOCK_BYTES, 'latin1');
    end += this.inner.write(rest, end, 'utf8');
    sha256(this.inner.subarray(0, end)).copy(this.outer, BLOCK_BYTES);
    return sha256(this.outer);
  }
}

/** A larger copy of `buffer`, at least `length` bytes. */
function grown(buffer: Buffer, length: number): Buffer {
  const larger = Buffer.alloc(Math.max(length, buffer.length * 2));
  buffer.copy(larger);
  return larger;
}

/**
 * The parents of a level (an even number of records packed in one buffer): each hashed from
 * one reusable buffer (the tag, then the two children's records, which lie side by side), its
 * sums added 32 bits at a time.
 */
export function parentLevel(level: Buffer, size: number): Buffer {
  const count = level.length / size / 2;
  const out = Buffer.alloc(count * size);
  const pair = Buffer.alloc(NODE_TAG.length + 2 * size);
  NODE_TAG.copy(pair, 0);
  for (let index = 0; index < count; index += 1) {
    const left = 2 * index * size;
    level.copy(pair, NODE_TAG.length, left, left + 2 * size);
    sha256(pair).copy(out, index * size);
    addSums(level, left, left + size, out, index * size, size);
  }
  return out;
}

/** Adds the sums of the records at `level[left]` and `level[right]` into `out[at]`. */
function addSums(
  level: Buffer,
  left: number,
  right: number,
  out: Buffer,
  at: number,
  size: number,
) {
  for (let end = size; end > HASH_BYTES; end -= AMOUNT_BYTES) {
    let carry = 0;
    for (let word = end - 4; word >= end - AMOUNT_BYTES; word -= 4) {
      const sum = level.readUInt32BE(left + word) + level.readUInt32BE(right + word) + carry;
      // `out` starts zeroed: most words of most sums are zero, and need no write.
      if (sum === 0) continue;
      out.writeUInt32BE(sum >>> 0, at + word);
      carry = sum > 0xffffffff ? 1 : 0;
    }
    if (carry !== 0) throw new RangeError('a node sum reached 2^256');
  }
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
