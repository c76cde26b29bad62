/** The tables of migrations 0037_reserves and 0040_reserves_retention as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';

/** One snapshot of liabilities (and the reserves read with it). */
export interface ReserveSnapshotsTable {
  id: Generated<number>;
  /** When the consistent read of the ledger began. */
  taken_at: Date;
  /** Staff who asked for it, or null for the schedule. */
  taken_by: number | null;
  /** The tickers in tree order. */
  assets: string[];
  /** Leaves in the tree (accounts plus padding): a power of two. */
  leaf_count: number;
  /** Accounts counted: for staff only, as the padding hides it from everyone else. */
  accounts: number;
  /** The root node's hash, hex. */
  root_hash: string;
  /** The per-snapshot secret every nonce is derived from, hex; never leaves the server. Null once pruned. */
  secret: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** When its leaves and stored nodes were deleted (RESERVES_KEEP_DAYS); null while proofs can be had. */
  pruned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Per snapshot and asset: what the accounts are owed and what the exchange's addresses held. */
export interface ReserveTotalsTable {
  snapshot_id: number;
  ticker: string;
  position: number;
  /** The root sum, an exact decimal string. */
  liabilities: string;
  /** The exchange's addresses' balances summed over every network read, an exact decimal string. */
  reserves: string;
}

/** A counted account's leaf: where it sits and its balances (minor units, in asset order). */
export interface ReserveLeavesTable {
  snapshot_id: number;
  position: number;
  user_id: number;
  /** numeric[]: write only through migration-aware SQL; read with array_to_string. */
  amounts: string;
}

/** A stored node of the tree (levels from STORED_FROM_LEVEL up): its record as hex. */
export interface ReserveNodesTable {
  snapshot_id: number;
  level: number;
  position: number;
  record: string;
}

/** One of the exchange's addresses at a snapshot, with its balances and ownership signature. */
export interface ReserveAddressesTable {
  snapshot_id: number;
  network: string;
  address: string;
  /** Balances by ticker, exact decimal strings. */
  balances: Record<string, string>;
  /** The signing rule ('eip191', 'bip137', ...), the message signed and the signature. */
  scheme: string;
  message: string;
  signature: string;
  /** Where the balance was read: 'devnet', or the block number on a node. */
  source: string;
}

/** The tables above by name, joined into the database's Schema. */
export interface ReservesTables {
  reserve_snapshots: ReserveSnapshotsTable;
  reserve_totals: ReserveTotalsTable;
  reserve_leaves: ReserveLeavesTable;
  reserve_nodes: ReserveNodesTable;
  reserve_addresses: ReserveAddressesTable;
}
