/**
 * `/account/proof-of-reserves`: the account's own proof in the latest snapshot. The balances the
 * snapshot counted, the check in this browser that its leaf and path lead to the published root
 * (run at once), the proof file to download and the command that checks it anywhere. Before the
 * first snapshot, or for an account opened after it, the catalogue's words say why there is none.
 */
import { useId } from 'react';
import { Link } from 'wouter';
import { type AccountProof, formatAmount, formatLocalDateTime } from '../../../core/index.ts';
import { LoadError } from '../../components/LoadError.tsx';
import { Loader } from '../../components/Loader.tsx';
import { TableScroll } from '../../components/TableScroll.tsx';
import { CopyableText } from '../reserves/CopyableText.tsx';
import { ProofCheckResult } from './ProofCheckResult.tsx';
import { ProofDownload } from './ProofDownload.tsx';
import { type CheckedProof, useMyProof } from './useMyProof.ts';
import '../reserves/reserves.css';

/** Refusals that are a state of the account, not a failure: said plainly, with no retry. */
const EXPECTED = new Set(['reserves.noSnapshot', 'reserves.notCounted']);

/** The balances the snapshot counted for the account. */
function CountedBalances({ balances }: { balances: AccountProof['balances'] }) {
  return (
    <TableScroll label="Balances counted">
      <table>
        <caption>Balances counted (available and held)</caption>
        <thead>
          <tr>
            <th scope="col">Asset</th>
            <th scope="col" className="number">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {balances.map(({ ticker, amount }) => (
            <tr key={ticker} data-testid="counted-balance">
              <th scope="row">{ticker}</th>
              <td className="number">{formatAmount(amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The page once the proof is read and checked. */
function CheckedProofView({ checked }: { checked: CheckedProof }) {
  const { proof, publishedRoot, verdict } = checked;
  const { snapshot } = proof.proof;
  return (
    <>
      <dl className="reserves-facts">
        <dt>Snapshot</dt>
        <dd>
          #{snapshot.id}, taken{' '}
          <time dateTime={snapshot.takenAt}>{formatLocalDateTime(snapshot.takenAt)}</time>
        </dd>
        <dt>Published root</dt>
        <dd>
          {publishedRoot === null ? (
            'None found for this snapshot'
          ) : (
            <CopyableText value={publishedRoot} what="root hash" />
          )}{' '}
          <Link href="/proof-of-reserves">See the public page</Link>
        </dd>
      </dl>
      <CountedBalances balances={proof.balances} />
      <ProofCheckResult verdict={verdict} snapshotId={snapshot.id} publishedRoot={publishedRoot} />
      <ProofDownload proof={proof.proof} root={publishedRoot ?? snapshot.root.hash} />
    </>
  );
}

/** The page. */
export default function ReservesProofPage() {
  const titleId = useId();
  const { load, reload } = useMyProof();
  return (
    <section className="page account reserves" aria-labelledby={titleId}>
      <h1 id={titleId}>Your proof of reserves</h1>
      <p className="account-summary">
        At each snapshot your balances become one leaf of the tree whose root is published. Here
        your browser checks that your leaf leads to that root.
      </p>
      {load.state === 'loading' && <Loader label="Loading and checking your proof" />}
      {load.state === 'error' &&
        (load.code !== undefined && EXPECTED.has(load.code) ? (
          <p className="reserves-verdict" data-testid="proof-none">
            {load.message}
          </p>
        ) : (
          <LoadError message={`Could not load your proof: ${load.message}`} onRetry={reload} />
        ))}
      {load.state === 'ready' && <CheckedProofView checked={load.value} />}
    </section>
  );
}
