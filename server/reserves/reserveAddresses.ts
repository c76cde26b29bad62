/**
 * The exchange's addresses as a snapshot counts them: where their balances are read and how each
 * is shown to be the exchange's, by a signature over the snapshot's ownership statement.
 */
import type { Queryable } from '../storage/db.ts';

/** An address with its balances, before it signs. */
export interface AddressBalance {
  network: string;
  address: string;
  /** Balances by ticker, exact decimal strings. */
  balances: Record<string, string>;
  /** Where the balance was read: 'devnet', or 'block N' on a node. */
  source: string;
}

/** An address as a snapshot stores and publishes it. */
export interface ReserveAddress extends AddressBalance {
  /** The signing rule: 'eip191', 'bip137', 'tron', 'ed25519' or 'xrp' (docs/proof-of-reserves.md). */
  scheme: string;
  message: string;
  signature: string;
}

/** Where a snapshot's reserves come from. */
export interface ReserveReader {
  /** Balances read in the snapshot's repeatable-read transaction (the devnet is in the database). */
  readInSnapshot(trx: Queryable): Promise<AddressBalance[]>;
  /** Balances read from nodes outside the database, right after. */
  readOutside(): Promise<AddressBalance[]>;
  /** Each address's signature over `statement` (its `{address}` filled in). */
  sign(addresses: readonly AddressBalance[], statement: string): Promise<ReserveAddress[]>;
}
