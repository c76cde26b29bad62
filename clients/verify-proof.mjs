#!/usr/bin/env node
/**
 * Checks a proof of liabilities file against a published root, with nothing but Node (18 or
 * later) and its own crypto module: no package of the exchange is needed, so anyone can read this
 * file, run it, or write their own from the rules in docs/proof-of-reserves.md.
 *
 * Usage:
 *   node clients/verify-proof.mjs proof.json [root-hex]
 *
 * proof.json is the file the account page downloads (or reserves.getMyProof's `proof`). root-hex
 * is the root hash published for the snapshot (the public page shows it): give it, or the check
 * only proves the file is consistent with the root written in it. Prints what was proven and
 * exits 0, or prints what failed and exits 1.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const FORMAT = 'exchange-proof-of-liabilities';
const HASH = /^[0-9a-f]{64}$/;
const UNITS = /^(0|[1-9][0-9]*)$/;
const LEAF_LIMIT = 2n ** 128n;
const SUM_LIMIT = 2n ** 256n;

/** A failed check: its message says what failed. */
class ProofError extends Error {}

/** Throws a ProofError with `message` unless `condition` holds. */
function check(condition, message) {
  if (!condition) throw new ProofError(message);
}

/** An amount of minor units: a non-negative whole number below `limit`. */
function amount(text, limit, what) {
  check(typeof text === 'string', `${what} is not a string of digits`);
  check(!text.startsWith('-'), `${what} is negative (${text}): no balance or sum may be`);
  check(UNITS.test(text), `${what} is not a whole number of minor units (${text})`);
  const value = BigInt(text);
  check(value < limit, `${what} is out of range (${text})`);
  return value;
}

/** 32-byte big-endian unsigned integers, one per asset. */
function encodeAmounts(values) {
  return Buffer.concat(
    values.map((value) => Buffer.from(value.toString(16).padStart(64, '0'), 'hex')),
  );
}

/** The asset list as a leaf commits to it: a count byte, then each ticker as length + ASCII. */
function assetHeader(assets) {
  const parts = [Buffer.from([assets.length])];
  for (const { ticker } of assets) {
    const bytes = Buffer.from(ticker, 'ascii');
    parts.push(Buffer.from([bytes.length]), bytes);
  }
  return Buffer.concat(parts);
}

function sha256(...parts) {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** The leaf's hash: tag, asset header, account (2-byte length + UTF-8), nonce, balances. */
function leafHash(assets, account, nonce, balances) {
  const id = Buffer.from(account, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(id.length);
  const tag = Buffer.from('PoR-leaf-v1\0', 'ascii');
  return sha256(tag, assetHeader(assets), length, id, nonce, encodeAmounts(balances));
}

/** A node's hash: tag, then the left child's hash and sums, then the right child's. */
function nodeHash(left, right) {
  const tag = Buffer.from('PoR-node-v1\0', 'ascii');
  return sha256(tag, left.hash, encodeAmounts(left.sums), right.hash, encodeAmounts(right.sums));
}

/** The snapshot part of the file, checked. */
function readSnapshot(proof) {
  check(proof?.format === FORMAT, `not a proof file (format is not "${FORMAT}")`);
  check(proof.version === 1, `proof file version ${proof.version} is not supported`);
  const { snapshot } = proof;
  check(Array.isArray(snapshot?.assets) && snapshot.assets.length > 0, 'the asset list is missing');
  const count = snapshot.leafCount;
  check(Number.isInteger(count) && count >= 2 && (count & (count - 1)) === 0, 'bad leaf count');
  check(HASH.test(snapshot.root?.hash ?? ''), 'the root hash is not 64 hex digits');
  const rootSums = sums(snapshot.root.sums, snapshot.assets, SUM_LIMIT, 'root sum');
  return { assets: snapshot.assets, leafCount: count, rootHash: snapshot.root.hash, rootSums };
}

/** A list of per-asset amounts, checked. */
function sums(list, assets, limit, what) {
  check(Array.isArray(list) && list.length === assets.length, `${what}s: one per asset expected`);
  return list.map((text, index) => amount(text, limit, `${what} of ${assets[index].ticker}`));
}

/** Checks the file; returns what it proves, or throws a ProofError saying what failed. */
export function verifyProof(proof, publishedRoot) {
  const { assets, leafCount, rootHash, rootSums } = readSnapshot(proof);
  const { leaf, path, account } = proof;
  check(typeof account === 'string' && account !== '', 'the account id is missing');
  check(HASH.test(leaf?.nonce ?? ''), 'the leaf nonce is not 64 hex digits');
  const balances = sums(leaf.balances, assets, LEAF_LIMIT, 'leaf balance');
  const depth = Math.log2(leafCount);
  check(Array.isArray(path) && path.length === depth, `the path must have ${depth} steps`);
  check(
    Number.isInteger(leaf.index) && leaf.index >= 0 && leaf.index < leafCount,
    'bad leaf index',
  );
  let node = {
    hash: leafHash(assets, account, Buffer.from(leaf.nonce, 'hex'), balances),
    sums: balances,
  };
  check(
    node.hash.toString('hex') === leaf.hash,
    `the leaf hash does not match account ${account}, its nonce and its balances: a balance or the account was changed`,
  );
  path.forEach((step, level) => {
    check(HASH.test(step?.hash ?? ''), `path step ${level}: the hash is not 64 hex digits`);
    const sibling = {
      hash: Buffer.from(step.hash, 'hex'),
      sums: sums(step.sums, assets, SUM_LIMIT, `path step ${level} sum`),
    };
    const right = (leaf.index >> level) & 1;
    node = {
      hash: right ? nodeHash(sibling, node) : nodeHash(node, sibling),
      sums: node.sums.map((value, index) => value + sibling.sums[index]),
    };
  });
  node.sums.forEach((value, index) => {
    check(
      value === rootSums[index],
      `the node sums along the path add up to ${value} ${assets[index].ticker} units, not the root's ${rootSums[index]}: a node sum was changed`,
    );
  });
  check(
    node.hash.toString('hex') === rootHash,
    `the path leads to hash ${node.hash.toString('hex')}, not to the root ${rootHash}: a hash or sum on the path was changed`,
  );
  if (publishedRoot !== undefined) {
    check(
      publishedRoot.toLowerCase() === rootHash,
      `this proof is for root ${rootHash}, not the root you gave (${publishedRoot}): it belongs to another snapshot`,
    );
  }
  return { account, snapshot: proof.snapshot.id, rootHash, assets, balances };
}

function main(args) {
  const [file, root] = args;
  if (file === undefined) {
    console.error('usage: node verify-proof.mjs proof.json [root-hex]');
    return 2;
  }
  try {
    const proven = verifyProof(JSON.parse(readFileSync(file, 'utf8')), root);
    console.log(`OK: account ${proven.account} is counted in snapshot ${proven.snapshot}`);
    console.log(`root ${proven.rootHash}${root === undefined ? ' (as written in the file)' : ''}`);
    proven.assets.forEach(({ ticker, decimals }, index) => {
      console.log(`  ${ticker}: ${units(proven.balances[index], decimals)}`);
    });
    return 0;
  } catch (error) {
    if (!(error instanceof ProofError || error instanceof SyntaxError)) throw error;
    console.error(`FAILED: ${error.message}`);
    return 1;
  }
}

/** Minor units as a decimal amount. */
function units(value, decimals) {
  const digits = value.toString().padStart(decimals + 1, '0');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${digits.slice(0, digits.length - decimals)}${fraction ? `.${fraction}` : ''}`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = main(process.argv.slice(2));
}
