/**
 * The tree a snapshot builds, held to the rules of docs/proof-of-reserves.md written out here
 * once more the plain way (one HMAC, one hash and one concatenation per leaf and node, sums in
 * BigInt): the fast build must give the same root, sums and stored levels, leaf for leaf.
 */
import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { assetHeader, encodeAmounts, HASH_BYTES, recordBytes } from './merkleSumTree.ts';
import { buildTree, STORED_FROM_LEVEL, type TreeLeaf } from './snapshotTree.ts';

const ASSETS = ['BTC', 'ETH', 'USDT'];

/** A 32-byte big-endian amount, as the document encodes one. */
function amount32(value: bigint): Buffer {
  return Buffer.from(value.toString(16).padStart(64, '0'), 'hex');
}

/** A leaf by the document: tag, asset header, id length, id, nonce, amounts. */
function plainLeaf(secret: Buffer, account: string, position: number, units: bigint[]) {
  const nonce = createHmac('sha256', secret)
    .update(account === '' ? `PoR-pad-v1\0${position}` : `PoR-nonce-v1\0${account}`)
    .digest();
  const id = Buffer.from(account, 'utf8');
  const length = Buffer.from([id.length >> 8, id.length & 0xff]);
  const hash = createHash('sha256')
    .update(
      Buffer.concat([
        Buffer.from('PoR-leaf-v1\0'),
        assetHeader(ASSETS),
        length,
        id,
        nonce,
        ...units.map(amount32),
      ]),
    )
    .digest();
  return { hash, sums: units };
}

/** A node by the document: tag, left hash, left sums, right hash, right sums; sums added. */
function plainNode(left: ReturnType<typeof plainLeaf>, right: ReturnType<typeof plainLeaf>) {
  const hash = createHash('sha256')
    .update(
      Buffer.concat([
        Buffer.from('PoR-node-v1\0'),
        left.hash,
        ...left.sums.map(amount32),
        right.hash,
        ...right.sums.map(amount32),
      ]),
    )
    .digest();
  return { hash, sums: left.sums.map((sum, index) => sum + (right.sums[index] as bigint)) };
}

function record(node: ReturnType<typeof plainLeaf>): string {
  return Buffer.concat([node.hash, ...node.sums.map(amount32)]).toString('hex');
}

test('the tree has the root, sums and stored levels the written rules give', () => {
  const secret = randomBytes(32);
  const accounts: [string, bigint[]][] = [];
  for (let index = 0; index < 1500; index += 1) {
    const units = ASSETS.map((_, asset) =>
      index % 7 === asset ? 0n : BigInt(`0x${randomBytes(1 + (index % 16)).toString('hex')}`),
    );
    accounts.push([String(1000 + index * 37), units]);
  }
  accounts.push(['é', [2n ** 128n - 1n, 0n, 1n]]);
  const leaves: TreeLeaf[] = accounts.map(([account, units]) => ({
    account,
    amounts: encodeAmounts(units),
  }));
  const tree = buildTree(secret, assetHeader(ASSETS), ASSETS.length, leaves);
  assert.equal(tree.leafCount, 2048);
  assert.equal(new Set(tree.positions).size, accounts.length);

  const owner = new Map(tree.positions.map((position, index) => [position, index]));
  let level = Array.from({ length: tree.leafCount }, (_, position) => {
    const index = owner.get(position);
    const [account, units] =
      index === undefined ? ['', ASSETS.map(() => 0n)] : (accounts[index] as [string, bigint[]]);
    return plainLeaf(secret, account, position, units);
  });
  const size = recordBytes(ASSETS.length);
  for (let height = 1; level.length > 1; height += 1) {
    level = level.flatMap((node, index) =>
      index % 2 === 0 ? [plainNode(node, level[index + 1] as typeof node)] : [],
    );
    const stored = tree.stored.get(height);
    if (height < STORED_FROM_LEVEL) {
      assert.equal(stored, undefined, `level ${height} is not stored`);
      continue;
    }
    assert.ok(stored, `level ${height} is stored`);
    assert.equal(stored.length, level.length * size);
    level.forEach((node, index) => {
      assert.equal(stored.toString('hex', index * size, (index + 1) * size), record(node));
    });
  }
  const root = level[0] as ReturnType<typeof plainLeaf>;
  assert.equal(tree.root.toString('hex'), record(root));
  assert.equal(tree.root.length, HASH_BYTES + 32 * ASSETS.length);
  const totals = ASSETS.map((_, asset) =>
    accounts.reduce((sum, [, units]) => sum + (units[asset] as bigint), 0n),
  );
  assert.deepEqual(root.sums, totals);
});
