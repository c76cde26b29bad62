/**
 * The browser's check of a proof of liabilities file, by the hashing rules of
 * docs/proof-of-reserves.md: the same checks and the same messages as the standalone verifier
 * (clients/verify-proof.mjs), grouped in the five steps a page can show (the file's shape, no
 * negative amount, the leaf, the path, the published root). Pure: SHA-256 from @noble/hashes,
 * because WebCrypto exists only in secure contexts (not on plain http) and digests asynchronously;
 * every amount and sum a BigInt.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { PROOF_FORMAT } from '../protocol/reserves.ts';

/** The steps of the check, in the order they run. */
export const PROOF_CHECKS = ['file', 'amounts', 'leaf', 'path', 'root'] as const;

/** One step of the check. */
export type ProofCheck = (typeof PROOF_CHECKS)[number];

/** What the check found: every step passed, or the first that failed and why. */
export type ProofVerdict =
  | {
      ok: true;
      /** The steps run; 'root' only when a published root was given. */
      passed: ProofCheck[];
      account: string;
      snapshotId: number;
      rootHash: string;
      /** The leaf's balances in minor units, in the file's asset order. */
      balances: bigint[];
    }
  | { ok: false; passed: ProofCheck[]; failed: ProofCheck; message: string };

const HASH = /^[0-9a-f]{64}$/;
const UNITS = /^(0|[1-9][0-9]*)$/;
const TICKER = /^[\x21-\x7e]{1,255}$/;
const LEAF_LIMIT = 2n ** 128n;
const SUM_LIMIT = 2n ** 256n;
const LEAF_TAG = utf8ToBytes('PoR-leaf-v1\0');
const NODE_TAG = utf8ToBytes('PoR-node-v1\0');

/** A node of the tree as the check walks it: its hash and its sums. */
export interface SumNode {
  hash: Uint8Array;
  sums: bigint[];
}

/** Amounts as 32-byte big-endian unsigned integers, one after another. */
export function encodeAmounts(values: readonly bigint[]): Uint8Array {
  // A sum of 2^256 or more fails the sums check whatever its hash: it is cut to 32 bytes here.
  return concatBytes(
    ...values.map((value) => hexToBytes((value % SUM_LIMIT).toString(16).padStart(64, '0'))),
  );
}

/** The asset list as a leaf commits to it: a count byte, then each ticker as length + ASCII. */
export function assetHeader(tickers: readonly string[]): Uint8Array {
  const parts = [Uint8Array.of(tickers.length)];
  for (const ticker of tickers) parts.push(Uint8Array.of(ticker.length), utf8ToBytes(ticker));
  return concatBytes(...parts);
}

/** A leaf's hash: tag, asset header, account (2-byte length + UTF-8), nonce, balances. */
export function leafHash(
  tickers: readonly string[],
  account: string,
  nonce: Uint8Array,
  balances: readonly bigint[],
): Uint8Array {
  const id = utf8ToBytes(account);
  const length = Uint8Array.of(id.length >> 8, id.length & 0xff);
  return sha256(
    concatBytes(LEAF_TAG, assetHeader(tickers), length, id, nonce, encodeAmounts(balances)),
  );
}

/** A node's hash: tag, then the left child's hash and sums, then the right child's. */
export function nodeHash(left: SumNode, right: SumNode): Uint8Array {
  return sha256(
    concatBytes(
      NODE_TAG,
      left.hash,
      encodeAmounts(left.sums),
      right.hash,
      encodeAmounts(right.sums),
    ),
  );
}

/** A failed step: its message says what failed, in the standalone verifier's words. */
class ProofError extends Error {}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new ProofError(message);
}

/** The parts of a file whose shape was checked, amounts still as text. */
interface ShapedProof {
  tickers: string[];
  leafCount: number;
  rootHash: string;
  rootSums: unknown[];
  account: string;
  snapshotId: number;
  leaf: { index: number; nonce: string; hash: unknown; balances: unknown[] };
  path: { hash: string; sums: unknown[] }[];
}

type Loose = Record<string, unknown> | undefined;
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** One list of amounts per asset, or the verifier's complaint. */
function perAsset(list: unknown, count: number, what: string): unknown[] {
  check(Array.isArray(list) && list.length === count, `${what}s: one per asset expected`);
  return list;
}

/** The snapshot part: format, version, assets, leaf count and root. */
function shapeOfSnapshot(proof: unknown) {
  check(
    field(proof, 'format') === PROOF_FORMAT,
    `not a proof file (format is not "${PROOF_FORMAT}")`,
  );
  const version = field(proof, 'version');
  check(version === 1, `proof file version ${String(version)} is not supported`);
  const snapshot = field(proof, 'snapshot') as Loose;
  const assets = snapshot?.assets;
  check(Array.isArray(assets) && assets.length > 0, 'the asset list is missing');
  check(assets.length <= 255, 'the asset list is too long (255 assets at most)');
  const tickers = assets.map((asset) => field(asset, 'ticker'));
  tickers.forEach((ticker, index) => {
    check(typeof ticker === 'string' && TICKER.test(ticker), `asset ${index} has no ASCII ticker`);
  });
  const count = snapshot?.leafCount;
  check(
    typeof count === 'number' && Number.isInteger(count) && count >= 2 && count <= 2 ** 30,
    'bad leaf count',
  );
  check((count & (count - 1)) === 0, 'bad leaf count');
  const root = snapshot?.root;
  const rootHash = field(root, 'hash');
  check(typeof rootHash === 'string' && HASH.test(rootHash), 'the root hash is not 64 hex digits');
  const rootSums = perAsset(field(root, 'sums'), tickers.length, 'root sum');
  const id = snapshot?.id;
  return {
    tickers: tickers as string[],
    leafCount: count,
    rootHash,
    rootSums,
    snapshotId: Number(id),
  };
}

/** The whole file's shape, before any amount is read. */
function shapeOf(proof: unknown): ShapedProof {
  const snapshot = shapeOfSnapshot(proof);
  const { tickers, leafCount } = snapshot;
  const account = field(proof, 'account');
  check(typeof account === 'string' && account !== '', 'the account id is missing');
  check(utf8ToBytes(account).length < 2 ** 16, 'the account id is too long');
  const leaf = field(proof, 'leaf') as Loose;
  const nonce = leaf?.nonce;
  check(typeof nonce === 'string' && HASH.test(nonce), 'the leaf nonce is not 64 hex digits');
  const balances = perAsset(leaf?.balances, tickers.length, 'leaf balance');
  const depth = Math.log2(leafCount);
  const path = field(proof, 'path');
  check(Array.isArray(path) && path.length === depth, `the path must have ${depth} steps`);
  const index = leaf?.index;
  check(
    typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < leafCount,
    'bad leaf index',
  );
  const steps = path.map((step: unknown, level) => {
    const hash = field(step, 'hash');
    check(
      typeof hash === 'string' && HASH.test(hash),
      `path step ${level}: the hash is not 64 hex digits`,
    );
    return { hash, sums: perAsset(field(step, 'sums'), tickers.length, `path step ${level} sum`) };
  });
  return { ...snapshot, account, leaf: { index, nonce, hash: leaf?.hash, balances }, path: steps };
}

/** An amount of minor units: a non-negative whole number below `limit`. */
function amount(text: unknown, limit: bigint, what: string): bigint {
  check(typeof text === 'string', `${what} is not a string of digits`);
  check(!text.startsWith('-'), `${what} is negative (${text}): no balance or sum may be`);
  check(UNITS.test(text), `${what} is not a whole number of minor units (${text})`);
  const value = BigInt(text);
  check(value < limit, `${what} is out of range (${text})`);
  return value;
}

/** Every amount of the file, read: none negative, a leaf's below 2^128. */
function amountsOf(shaped: ShapedProof) {
  const { tickers } = shaped;
  const read = (list: unknown[], limit: bigint, what: string) =>
    list.map((text, index) => amount(text, limit, `${what} of ${tickers[index]}`));
  return {
    rootSums: read(shaped.rootSums, SUM_LIMIT, 'root sum'),
    balances: read(shaped.leaf.balances, LEAF_LIMIT, 'leaf balance'),
    path: shaped.path.map((step, level) => ({
      hash: hexToBytes(step.hash),
      sums: read(step.sums, SUM_LIMIT, `path step ${level} sum`),
    })),
  };
}

/** Walks from the leaf up the path: the node it reaches at the top. */
function walk(leaf: SumNode, index: number, path: readonly SumNode[]): SumNode {
  let node = leaf;
  path.forEach((sibling, level) => {
    const right = (index >> level) & 1;
    node = {
      hash: right ? nodeHash(sibling, node) : nodeHash(node, sibling),
      sums: node.sums.map((value, at) => value + (sibling.sums[at] ?? 0n)),
    };
  });
  return node;
}

/** Runs the steps in order, recording each that passes; throws at the first that fails. */
function runChecks(proof: unknown, publishedRoot: string | undefined, passed: ProofCheck[]) {
  const shaped = shapeOf(proof);
  passed.push('file');
  const { rootSums, balances, path } = amountsOf(shaped);
  passed.push('amounts');
  const { tickers, account, leaf, rootHash } = shaped;
  const own = {
    hash: leafHash(tickers, account, hexToBytes(leaf.nonce), balances),
    sums: balances,
  };
  check(
    bytesToHex(own.hash) === leaf.hash,
    `the leaf hash does not match account ${account}, its nonce and its balances: a balance or the account was changed`,
  );
  passed.push('leaf');
  const top = walk(own, leaf.index, path);
  top.sums.forEach((value, index) => {
    check(
      value === rootSums[index],
      `the node sums along the path add up to ${value} ${tickers[index]} units, not the root's ${rootSums[index]}: a node sum was changed`,
    );
  });
  check(
    bytesToHex(top.hash) === rootHash,
    `the path leads to hash ${bytesToHex(top.hash)}, not to the root ${rootHash}: a hash or sum on the path was changed`,
  );
  passed.push('path');
  if (publishedRoot !== undefined) {
    check(
      publishedRoot.toLowerCase() === rootHash,
      `this proof is for root ${rootHash}, not the root you gave (${publishedRoot}): it belongs to another snapshot`,
    );
    passed.push('root');
  }
  return { account, snapshotId: shaped.snapshotId, rootHash, balances };
}

/**
 * Checks a parsed proof file, against `publishedRoot` (hex) when given: what it proves, or the
 * first step that failed with the standalone verifier's message.
 */
export function verifyProof(proof: unknown, publishedRoot?: string): ProofVerdict {
  const passed: ProofCheck[] = [];
  try {
    return { ok: true, passed, ...runChecks(proof, publishedRoot, passed) };
  } catch (error) {
    if (!(error instanceof ProofError)) throw error;
    const failed = PROOF_CHECKS[passed.length] ?? 'root';
    return { ok: false, passed, failed, message: error.message };
  }
}
