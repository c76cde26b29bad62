/**
 * The standalone verifier (clients/verify-proof.mjs), run as a person runs it, on a good proof
 * and on proofs tampered with as an exchange hiding liabilities would have to: each fails with a
 * message naming what failed. The tree itself refuses a negative balance.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { ProofFile } from '../../core/protocol/index.ts';
import { memoryTree } from '../../test/reserves/memoryProof.ts';
import { encodeAmounts } from './merkleSumTree.ts';

const VERIFIER = new URL('../../clients/verify-proof.mjs', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'proof-'));
let files = 0;

/** Runs the verifier on `proof`, with a root when given: its exit code and output. */
function verify(proof: ProofFile, root?: string): { code: number | null; output: string } {
  files += 1;
  const file = join(folder, `proof${files}.json`);
  writeFileSync(file, JSON.stringify(proof));
  const run = spawnSync(process.execPath, [VERIFIER, file, ...(root === undefined ? [] : [root])], {
    encoding: 'utf8',
  });
  return { code: run.status, output: `${run.stdout}${run.stderr}` };
}

const alice: [string, bigint[]] = ['101', [150_000_000n, 0n, 2_500n]];
const bob: [string, bigint[]] = ['102', [0n, 7n, 0n]];
const carol: [string, bigint[]] = ['103', [1n, 1n, 1n]];
const honest = memoryTree(1, [alice, bob, carol]);
const root = honest.proof('101').proof.snapshot.root.hash;

/** A copy of alice's honest proof, changed by `change`. */
function tampered(change: (proof: ProofFile) => void): ProofFile {
  const proof = structuredClone(honest.proof('101').proof);
  change(proof);
  return proof;
}

test('an honest proof passes and says whose leaf it proves', () => {
  const { code, output } = verify(honest.proof('101').proof, root);
  assert.equal(code, 0, output);
  assert.match(output, /OK: account 101 is counted in snapshot 1/);
  assert.match(output, /BTC: 0\.00000000015/);
  assert.equal(verify(honest.proof('102').proof, root).code, 0);
});

test('a changed balance fails at the leaf', () => {
  const { code, output } = verify(
    tampered((p) => {
      p.leaf.balances[0] = '149999999';
    }),
    root,
  );
  assert.equal(code, 1);
  assert.match(
    output,
    /leaf hash does not match account 101.*a balance or the account was changed/,
  );
});

test('a negative balance fails, in the file and in the tree', () => {
  const { code, output } = verify(
    tampered((p) => {
      p.leaf.balances[2] = '-2500';
    }),
    root,
  );
  assert.equal(code, 1);
  assert.match(output, /leaf balance of USDT is negative/);
  const sibling = verify(
    tampered((p) => {
      (p.path[3] as { sums: string[] }).sums[0] = '-1';
    }),
  );
  assert.match(sibling.output, /path step 3 sum of BTC is negative/);
  assert.throws(() => encodeAmounts([1n, -1n]), /amount 1 is negative/);
});

test('a wrong node sum fails, and so does a hash changed to match it', () => {
  const step = (p: ProofFile) => p.path[5] as { hash: string; sums: string[] };
  const sum = verify(
    tampered((p) => {
      step(p).sums[1] = String(BigInt(step(p).sums[1] ?? 0) + 1n);
    }),
  );
  assert.equal(sum.code, 1);
  assert.match(
    sum.output,
    /node sums along the path add up to .* ETH units, not the root's .*a node sum was changed/,
  );
  const hash = verify(
    tampered((p) => {
      step(p).hash = 'f'.repeat(64);
    }),
    root,
  );
  assert.match(hash.output, /the path leads to hash [0-9a-f]{64}, not to the root/);
});

test('a dropped account cannot be proven, nor a duplicated one passed off as another', () => {
  // The exchange leaves bob out and counts alice twice: same number of leaves, less owed.
  const cheat = memoryTree(2, [alice, alice, carol]);
  const cheatRoot = cheat.proof('101').proof.snapshot.root.hash;
  // Bob's proof from the honest tree does not lead to the published (cheating) root.
  const dropped = verify(honest.proof('102').proof, cheatRoot);
  assert.equal(dropped.code, 1);
  assert.match(dropped.output, /not the root you gave .*another snapshot/);
  // Alice's second leaf handed to bob: the leaf commits to alice's account, not bob's.
  const duplicate = cheat.proof('101', 1).proof;
  duplicate.account = '102';
  const passedOff = verify(duplicate, cheatRoot);
  assert.equal(passedOff.code, 1);
  assert.match(passedOff.output, /leaf hash does not match account 102/);
});

test("a proof checked against another snapshot's root fails", () => {
  const next = memoryTree(3, [alice, bob, carol]);
  const nextRoot = next.proof('101').proof.snapshot.root.hash;
  const { code, output } = verify(honest.proof('101').proof, nextRoot);
  assert.equal(code, 1);
  assert.match(output, new RegExp(`this proof is for root ${root}, not the root you gave`));
});
