/**
 * The signed-in account's proof in the latest snapshot, the root published for that snapshot (the
 * one the public page shows), and the browser's check of one against the other, run as soon as
 * both arrive.
 */
import { useCallback } from 'react';
import { type AccountProof, call } from '../../../core/index.ts';
import { type ProofVerdict, verifyProof } from '../../../core/reserves/verifyProof.ts';
import { type Load, refused, useLoad } from '../../useLoad.ts';

/** The proof as the server gave it, the published root (null when none), and the verdict. */
export interface CheckedProof {
  proof: AccountProof;
  publishedRoot: string | null;
  verdict: ProofVerdict;
}

async function readMyProof(): Promise<Load<CheckedProof>> {
  const mine = await call('reserves.getMyProof', {});
  if (!mine.status) return refused(mine);
  const proof: AccountProof = { balances: mine.balances, proof: mine.proof };
  const id = Number(proof.proof.snapshot?.id);
  // The root as published for everyone, read apart from the proof: the file's own root proves
  // nothing until it is the public one.
  const published = await call('reserves.getHistory', { before: id + 1, limit: 1 });
  if (!published.status) return refused(published);
  const [snapshot] = published.snapshots;
  const publishedRoot = snapshot?.id === id ? snapshot.rootHash : null;
  const verdict = verifyProof(proof.proof, publishedRoot ?? undefined);
  return { state: 'ready', value: { proof, publishedRoot, verdict } };
}

/** The account's checked proof, read once; `reload` reads and checks it again. */
export function useMyProof() {
  return useLoad(useCallback(readMyProof, []));
}
