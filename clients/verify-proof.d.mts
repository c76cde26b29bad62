/** The types of verify-proof.mjs, for the tests that import it. */

/** What a proof file proves: whose leaf, in which snapshot, under which root, with which balances. */
export interface Proven {
  account: string;
  snapshot: number;
  rootHash: string;
  assets: { ticker: string; decimals: number }[];
  balances: bigint[];
}

/** Checks a parsed proof file against `publishedRoot` (hex) when given; throws saying what failed. */
export function verifyProof(proof: unknown, publishedRoot?: string): Proven;
