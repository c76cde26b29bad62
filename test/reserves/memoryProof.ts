/** Trees built in memory and proofs taken from them, for the verifier's tests. */
import { randomBytes } from 'node:crypto';
import type { AccountProof } from '../../core/protocol/index.ts';
import { assetHeader, encodeAmounts, recordBytes } from '../../server/reserves/merkleSumTree.ts';
import { proofOf } from '../../server/reserves/proofs.ts';
import { type BuiltTree, buildTree, type TreeLeaf } from '../../server/reserves/snapshotTree.ts';

/** The assets of the test trees. */
export const ASSETS = ['BTC', 'ETH', 'USDT'];

/** A tree over `accounts` (id → units per asset) and a way to take any account's proof. */
export function memoryTree(
  id: number,
  accounts: readonly [string, bigint[]][],
): { tree: BuiltTree; proof(account: string, leafIndex?: number): AccountProof } {
  const secret = randomBytes(32);
  const leaves: TreeLeaf[] = accounts.map(([account, units]) => ({
    account,
    amounts: encodeAmounts(units),
  }));
  const tree = buildTree(secret, assetHeader(ASSETS), ASSETS.length, leaves);
  const at = new Map<number, TreeLeaf>();
  leaves.forEach((leaf, index) => {
    at.set(tree.positions[index] as number, leaf);
  });
  const size = recordBytes(ASSETS.length);
  return {
    tree,
    proof(account, leafIndex = accounts.findIndex(([name]) => name === account)) {
      return proofOf({
        snapshot: { id, takenAt: new Date(), assets: ASSETS, leafCount: tree.leafCount, secret },
        account,
        position: tree.positions[leafIndex] as number,
        block: at,
        upper: (level, position) => {
          const packed = level === Math.log2(tree.leafCount) ? tree.root : tree.stored.get(level);
          if (packed === undefined) throw new Error(`no level ${level}`);
          return packed.subarray(position * size, (position + 1) * size);
        },
      });
    },
  };
}
