/**
 * Proof of reserves and liabilities on the wire: each snapshot's root and totals per asset (what
 * the accounts are owed, what the exchange's addresses held), an account's own proof (the proof
 * file the standalone verifier checks), the addresses with their ownership signatures, and what
 * staff see. The rules behind them are in docs/proof-of-reserves.md.
 */
import type { Ticker } from './common.ts';

/** What the version-1 proof file calls itself. */
export const PROOF_FORMAT = 'exchange-proof-of-liabilities';

/** The most snapshots one page of history lists. */
export const MAX_RESERVE_SNAPSHOTS_PAGE = 100;

/** One asset of a snapshot. */
export interface ReserveAssetTotal {
  ticker: Ticker;
  /** What the accounts were owed (the root's sum), an exact decimal string. */
  liabilities: string;
  /** What the exchange's addresses held on every network read, an exact decimal string. */
  reserves: string;
  /** reserves ÷ liabilities, rounded down to 4 decimals ("1.0213"); null when nothing is owed. */
  ratio: string | null;
}

/** A snapshot as everyone sees it. */
export interface ReserveSnapshot {
  id: number;
  /** When the ledger was read, ISO 8601. */
  takenAt: string;
  /** The tree's root hash, 64 hex digits. */
  rootHash: string;
  /** Leaves in the tree: the accounts among padding, a power of two. */
  leafCount: number;
  /** In the tree's asset order. */
  assets: ReserveAssetTotal[];
}

/** A snapshot as staff see it: how many accounts it counted, who took it, what falls short. */
export interface StaffReserveSnapshot extends ReserveSnapshot {
  accounts: number;
  /** The staff account that asked for it, or null for the schedule. */
  takenBy: number | null;
  /** The tickers whose reserves are below their liabilities. */
  shortfalls: Ticker[];
}

/** One node of a proof: a hash and its sums (minor units per asset, decimal integers). */
export interface ProofNode {
  hash: string;
  sums: string[];
}

/** The proof file: everything the standalone verifier needs, nothing about anyone else. */
export interface ProofFile {
  format: typeof PROOF_FORMAT;
  version: 1;
  snapshot: {
    id: number;
    takenAt: string;
    leafCount: number;
    /** Tree order; every amount of the file is in units of 10^-decimals of its asset. */
    assets: { ticker: string; decimals: number }[];
    root: ProofNode;
  };
  /** The account id the leaf commits to. */
  account: string;
  leaf: { index: number; nonce: string; balances: string[]; hash: string };
  /** The siblings from the leaf's up to the root's children. */
  path: ProofNode[];
}

/** An account's own proof: the balances counted (decimal strings) and the file to check. */
export interface AccountProof {
  balances: { ticker: Ticker; amount: string }[];
  proof: ProofFile;
}

/** One of the exchange's addresses at a snapshot, and the signature that shows it is ours. */
export interface ReserveAddressEntry {
  network: string;
  address: string;
  /** Balances by ticker, exact decimal strings. */
  balances: Partial<Record<Ticker, string>>;
  /** Where the balance was read: 'devnet', or 'block N' on a node. */
  source: string;
  /** The signing rule: 'eip191', 'bip137', 'tron', 'ed25519' or 'xrp'. */
  scheme: string;
  message: string;
  signature: string;
}

/** The proof-of-reserves methods, joined into the protocol's method map. */
export interface ReserveMethods {
  /** The latest snapshot: its time, root and per asset liabilities, reserves and their ratio. */
  'reserves.getLatest': {
    params: Record<string, never>;
    result: { snapshot: ReserveSnapshot | null };
  };
  /** Earlier snapshots, newest first; `before` pages back from a snapshot id. */
  'reserves.getHistory': {
    params: { limit?: number; before?: number };
    result: { snapshots: ReserveSnapshot[] };
  };
  /** A snapshot's addresses (the latest when no id is given), each with its balances and signature. */
  'reserves.getAddresses': {
    params: { snapshotId?: number };
    result: { snapshotId: number | null; addresses: ReserveAddressEntry[] };
  };
  /**
   * The caller's proof in a snapshot (the latest when no id is given): the balances it counted
   * and the proof file that leads from the caller's leaf to the published root.
   */
  'reserves.getMyProof': { params: { snapshotId?: number }; result: AccountProof };
  /** Staff: snapshots newest first, with accounts counted and the assets that fall short. */
  'reserves.getSnapshots': {
    params: { limit?: number; before?: number };
    result: { snapshots: StaffReserveSnapshot[] };
  };
  /** Staff: takes a snapshot now (one at a time across the servers). */
  'reserves.takeSnapshot': {
    params: Record<string, never>;
    result: { snapshot: StaffReserveSnapshot };
  };
  /** Staff: in the latest snapshot, every asset whose reserves are below its liabilities. */
  'reserves.getShortfalls': {
    params: Record<string, never>;
    result: { snapshotId: number | null; shortfalls: ReserveAssetTotal[] };
  };
}
