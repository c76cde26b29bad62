/**
 * "Verify in this browser": the browser's check of the account's proof, step by step (the file,
 * no negative amount, the leaf, the path, the published root), each said to have passed, failed,
 * not been reached or not been checked, and the verdict announced.
 */
import {
  PROOF_CHECKS,
  type ProofCheck,
  type ProofVerdict,
} from '../../../core/reserves/verifyProof.ts';

/** What each step checks, in words. */
const CHECK_TEXT: Record<ProofCheck, string> = {
  file: 'The file is a complete proof of liabilities: one amount per asset, a path as long as the tree is deep.',
  amounts: 'No balance, and no sum along the path, is negative.',
  leaf: 'Your leaf: its hash matches your account id, your nonce and the balances below.',
  path: 'The path: walking up from your leaf, the sums add up to the root’s and the hashes lead to the root.',
  root: 'The root is the one published for this snapshot on the public page.',
};

/** A step's state, in words (never by colour alone). */
function stateOf(verdict: ProofVerdict, check: ProofCheck, published: boolean): string {
  if (verdict.passed.includes(check)) return 'Passed';
  if (!verdict.ok && verdict.failed === check) return 'Failed';
  if (check === 'root' && !published) return 'Not checked';
  return 'Not reached';
}

/** The check's verdict and its steps. */
export function ProofCheckResult({
  verdict,
  snapshotId,
  publishedRoot,
}: {
  verdict: ProofVerdict;
  snapshotId: number;
  publishedRoot: string | null;
}) {
  const verified = verdict.ok && verdict.passed.length === PROOF_CHECKS.length;
  return (
    <section aria-labelledby="proof-check-title">
      <h2 id="proof-check-title">Verify in this browser</h2>
      {verified ? (
        <p className="reserves-verdict" role="status" data-testid="proof-verdict">
          <strong>Verified:</strong> your balances are counted in the root published for snapshot #
          {snapshotId}.
        </p>
      ) : (
        <div className="reserves-verdict failed" role="alert" data-testid="proof-verdict">
          <p>
            <strong>Not verified:</strong>{' '}
            {verdict.ok
              ? `no root is published for snapshot #${snapshotId}, so the proof could not be checked against it.`
              : verdict.message}
          </p>
          <p>Write to support with the downloaded file; do not rely on this snapshot meanwhile.</p>
        </div>
      )}
      <ul className="reserves-checks" aria-label="What was checked">
        {PROOF_CHECKS.map((check) => {
          const state = stateOf(verdict, check, publishedRoot !== null);
          return (
            <li key={check} data-testid={`proof-check-${check}`}>
              <span className={`reserves-check-state ${state === 'Failed' ? 'failed' : ''}`}>
                {state}
              </span>
              <span>{CHECK_TEXT[check]}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
