/**
 * The tables of migration 0009_devnet (see migration.ts) as Kysely sees them: the devnet's chains
 * and transactions, and the deposit addresses and deposits the exchange keeps.
 */
import type { Generated } from 'kysely';
import type { Auto } from '../../storage/columns.ts';

/** One devnet chain per network: its tip. */
export interface DevnetChainsTable {
  network: string;
  height: Generated<number>;
  mined_at: Generated<Date>;
}

/** A transfer on a devnet chain; no block yet means it waits for the next one. */
export interface DevnetTransactionsTable {
  id: Generated<number>;
  network: string;
  tx_hash: string;
  asset: string;
  to_address: string;
  tag: number | null;
  /** The amount in the network's minor units, as a decimal string of digits. */
  amount_units: string;
  block_height: number | null;
  mined_at: Date | null;
  /** Who asked the faucet ('user:<id>' or 'ip:<address>'), for its hourly limit. */
  requested_by: string | null;
  created_at: Auto<Date>;
}

/** An account's deposit address on a network, stored once derived. */
export interface DepositAddressesTable {
  user_id: number;
  network: string;
  address: string;
  tag: number | null;
  path: string;
  created_at: Auto<Date>;
}

/** A transfer seen to a deposit address, and whether it was credited. */
export interface DepositsTable {
  id: Generated<number>;
  user_id: number;
  network: string;
  asset: string;
  /** The chain adapter's id of the transfer: unique on the network. */
  transfer_id: string;
  tx_hash: string;
  address: string;
  tag: number | null;
  /** Decimal string in the asset's unit. */
  amount: string;
  block_height: number;
  confirmations: number;
  required: number;
  status: 'pending' | 'credited' | 'belowMinimum' | 'dropped';
  ledger_entry_id: number | null;
  created_at: Auto<Date>;
  credited_at: Date | null;
}

/** How far the deposit watcher has read a network. */
export interface DepositScansTable {
  network: string;
  height: number;
}

/** The tables above by name, joined into the database's Schema. */
export interface DevnetTables {
  devnet_chains: DevnetChainsTable;
  devnet_transactions: DevnetTransactionsTable;
  deposit_addresses: DepositAddressesTable;
  deposits: DepositsTable;
  deposit_scans: DepositScansTable;
}
