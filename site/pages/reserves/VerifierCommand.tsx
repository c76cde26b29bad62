/**
 * The command that checks a proof file with the standalone verifier, which anyone can run without
 * the exchange's code or servers: plain Node 18 or later.
 */
import { CopyableText } from './CopyableText.tsx';

/** The verifier's path in the exchange's source code. */
export const VERIFIER_PATH = 'clients/verify-proof.mjs';

/** The name the account page gives a snapshot's proof file when it is downloaded. */
export function proofFileName(snapshotId: number): string {
  return `proof-of-reserves-snapshot-${snapshotId}.json`;
}

/** `node clients/verify-proof.mjs FILE ROOT`, copyable. */
export function VerifierCommand({ file, root }: { file: string; root: string }) {
  return <CopyableText value={`node ${VERIFIER_PATH} ${file} ${root}`} what="command" />;
}
