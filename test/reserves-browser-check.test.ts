/**
 * The browser's proof check (core/reserves/verifyProof.ts) against the server's own proofs and the
 * standalone verifier: it accepts what the server proves, and refuses every tampering the
 * verifier refuses, with the verifier's own message and at the step the page names.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { verifyProof as standalone } from '../clients/verify-proof.mjs';
import type { ProofFile } from '../core/protocol/index.ts';
import { type ProofCheck, verifyProof } from '../core/reserves/verifyProof.ts';
import { memoryTree } from './reserves/memoryProof.ts';

const alice: [string, bigint[]] = ['101', [150_000_000n, 0n, 2_500n]];
const bob: [string, bigint[]] = ['102', [0n, 7n, 0n]];
const carol: [string, bigint[]] = ['103', [1n, 1n, 1n]];
// Unicode in an account id: its length is counted in UTF-8 bytes, as the server counts it.
const dora: [string, bigint[]] = ['dörä', [2n ** 127n, 3n, 0n]];
const honest = memoryTree(1, [alice, bob, carol, dora]);
const root = honest.proof('101').proof.snapshot.root.hash;

/** A copy of alice's honest proof, changed by `change`. */
function tampered(change: (proof: ProofFile) => void): ProofFile {
  const proof = structuredClone(honest.proof('101').proof);
  change(proof);
  return proof;
}

/** The standalone verifier's message for a proof it refuses. */
function standaloneRefusal(proof: unknown, published?: string): string {
  try {
    standalone(proof, published);
  } catch (error) {
    return (error as Error).message;
  }
  assert.fail('the standalone verifier accepted the proof');
}

/** Both verifiers refuse `proof`, with one message; the browser's at step `step`. */
function refusedAlike(proof: unknown, step: ProofCheck, published?: string, message?: RegExp) {
  const verdict = verifyProof(proof, published);
  assert.equal(verdict.ok, false);
  if (verdict.ok) return;
  assert.equal(verdict.message, standaloneRefusal(proof, published));
  assert.equal(verdict.failed, step);
  if (message) assert.match(verdict.message, message);
}

test("the server's proofs pass, every step, with the balances they prove", () => {
  for (const [account, units] of [alice, bob, carol, dora]) {
    const { proof } = honest.proof(account);
    const verdict = verifyProof(proof, root.toUpperCase());
    assert.equal(verdict.ok, true, verdict.ok ? '' : verdict.message);
    if (!verdict.ok) return;
    assert.deepEqual(verdict.passed, ['file', 'amounts', 'leaf', 'path', 'root']);
    assert.deepEqual(verdict.balances, units);
    assert.equal(verdict.account, account);
    assert.equal(verdict.snapshotId, 1);
    assert.deepEqual(standalone(proof, root).balances, units);
  }
  // Without a published root the file is only consistent with itself: no root step is claimed.
  const alone = verifyProof(honest.proof('102').proof);
  assert.deepEqual(alone.passed, ['file', 'amounts', 'leaf', 'path']);
});

test('a changed balance fails at the leaf, and an account passed off as another too', () => {
  refusedAlike(
    tampered((p) => {
      p.leaf.balances[0] = '149999999';
    }),
    'leaf',
    root,
    /leaf hash does not match account 101/,
  );
  refusedAlike(
    tampered((p) => {
      p.account = '102';
    }),
    'leaf',
    root,
  );
  refusedAlike(
    tampered((p) => {
      p.leaf.nonce = '0'.repeat(64);
    }),
    'leaf',
    root,
  );
});

test('a negative or fractional amount fails, in the leaf and on the path', () => {
  refusedAlike(
    tampered((p) => {
      p.leaf.balances[2] = '-2500';
    }),
    'amounts',
    root,
    /leaf balance of USDT is negative/,
  );
  refusedAlike(
    tampered((p) => {
      (p.path[3] as { sums: string[] }).sums[0] = '-1';
    }),
    'amounts',
    undefined,
    /path step 3 sum of BTC is negative/,
  );
  refusedAlike(
    tampered((p) => {
      p.leaf.balances[1] = '1.5';
    }),
    'amounts',
    root,
  );
  refusedAlike(
    tampered((p) => {
      p.leaf.balances[1] = String(2n ** 128n);
    }),
    'amounts',
    root,
    /out of range/,
  );
});

test('a changed node sum fails at the path, and so does a hash changed to match it', () => {
  const step = (p: ProofFile) => p.path[5] as { hash: string; sums: string[] };
  refusedAlike(
    tampered((p) => {
      step(p).sums[1] = String(BigInt(step(p).sums[1] ?? 0) + 1n);
    }),
    'path',
    root,
    /a node sum was changed/,
  );
  refusedAlike(
    tampered((p) => {
      step(p).hash = 'f'.repeat(64);
    }),
    'path',
    root,
    /the path leads to hash [0-9a-f]{64}, not to the root/,
  );
  // The root's own sums lowered, as an exchange hiding liabilities would publish them.
  refusedAlike(
    tampered((p) => {
      p.snapshot.root.sums[0] = '0';
    }),
    'path',
  );
});

test("a proof checked against another snapshot's root fails at the root", () => {
  const next = memoryTree(2, [alice, bob, carol]);
  const nextRoot = next.proof('101').proof.snapshot.root.hash;
  refusedAlike(honest.proof('101').proof, 'root', nextRoot, /it belongs to another snapshot/);
});

test('a file of the wrong shape fails first, with what is wrong', () => {
  const cases: [(p: ProofFile) => void, RegExp][] = [
    [(p) => Object.assign(p, { format: 'other' }), /not a proof file/],
    [(p) => Object.assign(p, { version: 2 }), /version 2 is not supported/],
    [(p) => Object.assign(p.snapshot, { leafCount: 1000 }), /bad leaf count/],
    [(p) => p.path.pop(), /the path must have 10 steps/],
    [(p) => Object.assign(p.leaf, { index: 1024 }), /bad leaf index/],
    [(p) => p.leaf.balances.pop(), /leaf balances: one per asset expected/],
    [(p) => Object.assign(p.path[2] ?? {}, { hash: 'abc' }), /path step 2: the hash is not/],
    [(p) => Object.assign(p, { account: '' }), /the account id is missing/],
  ];
  for (const [change, message] of cases) refusedAlike(tampered(change), 'file', root, message);
  for (const junk of [null, 'text', 42, [], {}]) {
    const verdict = verifyProof(junk, root);
    assert.equal(verdict.ok, false);
    assert.deepEqual(verdict.passed, []);
  }
});
