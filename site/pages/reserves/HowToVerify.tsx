/** "How to verify", in words: what the root is, what an account's proof shows, the command. */
import { Link } from 'wouter';
import { proofFileName, VERIFIER_PATH, VerifierCommand } from './VerifierCommand.tsx';

/** What the command shows in place of a root before the first snapshot. */
const NO_ROOT = '<root hash>';

/** The section, for the latest snapshot (null before the first: the command shows a placeholder). */
export function HowToVerify({ latest }: { latest: { id: number; rootHash: string } | null }) {
  return (
    <section className="prose reserves-how" aria-labelledby="reserves-how-title">
      <h2 id="reserves-how-title">How to verify</h2>
      <p>
        <strong>The root.</strong> At each snapshot every account’s balances become one leaf of a
        Merkle sum tree, hidden behind a secret nonce. Each node above commits to its two children’s
        hashes and sums, up to one root. The root’s hash is published on this page, and its sums are
        what the exchange owes: the liabilities in the table.
      </p>
      <p>
        <strong>Your proof.</strong> In your account,{' '}
        <Link href="/account/proof-of-reserves">Proof of reserves</Link> shows your leaf and the
        path of nodes from it to the root, checks them in your browser and lets you download them as
        a file. If your balances lead to the published root, they are counted in the totals, and no
        negative balance anywhere lowers them. The more accounts check, the smaller the chance that
        any account was left out.
      </p>
      <p>
        <strong>Check it yourself.</strong> The standalone verifier, <code>{VERIFIER_PATH}</code> in
        the exchange’s source code, needs nothing but Node 18 or later. Run it on your file with the
        root published here:
      </p>
      <VerifierCommand file={proofFileName(latest?.id ?? 1)} root={latest?.rootHash ?? NO_ROOT} />
      <p>
        <strong>The reserves.</strong> Each of the exchange’s addresses signs a message naming the
        snapshot’s root, so its signature cannot be reused for another snapshot; check it with the
        tool named beside it, and its balance on the network’s explorer.
      </p>
    </section>
  );
}
