/**
 * "Download proof file": the proof exactly as the server gave it, as a JSON file named after its
 * snapshot, and the standalone verifier's command for it.
 */
import { useEffect, useState } from 'react';
import type { ProofFile } from '../../../core/index.ts';
import { proofFileName, VerifierCommand } from '../reserves/VerifierCommand.tsx';

/** The download link and the command; `root` is the published root (the file's when none). */
export function ProofDownload({ proof, root }: { proof: ProofFile; root: string }) {
  // Made and revoked by one effect, so a remount (React's strict mode does one) makes a new one.
  const [href, setHref] = useState<string | undefined>();
  useEffect(() => {
    const json = `${JSON.stringify(proof, null, 2)}\n`;
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    setHref(url);
    return () => URL.revokeObjectURL(url);
  }, [proof]);
  const file = proofFileName(proof.snapshot.id);
  return (
    <section aria-labelledby="proof-download-title">
      <h2 id="proof-download-title">Check it yourself</h2>
      <p>
        <a className="button" href={href} download={file}>
          Download proof file
        </a>
      </p>
      <p>
        The file holds your leaf and its path to the root, and nothing about any other account but
        sums. Check it with the standalone verifier (plain Node 18 or later, from the exchange’s
        source code), with the root published for the snapshot:
      </p>
      <VerifierCommand file={file} root={root} />
    </section>
  );
}
