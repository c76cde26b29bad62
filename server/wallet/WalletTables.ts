/** The ledger's tables and the transfers between account holders, as Kysely sees them. */
import type { Generated } from 'kysely';
import type { Auto } from '../storage/columns.ts';

/**
 * The CHECK constraint on ledger_accounts that refuses a negative user balance: the migration
 * names it, and ledger.ts turns its violation into "insufficient funds".
 */
export const NON_NEGATIVE_BALANCE = 'ledger_accounts_user_balance_not_negative';

/** One balance: a user's holding of a ticker, or a system account such as external deposits. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  user_id: number | null;
  system: string | null;
  /** A user's held balance (what open orders may spend) rather than the available one. */
  held: Generated<boolean>;
  ticker: string;
  /** Maintained by a trigger on ledger_entries; decimal string. */
  balance: Auto<string>;
}

/** Immutable postings: `amount` leaves the debit account and arrives in the credit account. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  debit_account_id: number;
  credit_account_id: number;
  amount: string;
  reason: string;
  created_at: Auto<Date>;
}

/** Transfers between account holders, each with the ledger entry that moved the money. */
export interface TransfersTable {
  id: Generated<number>;
  sender_id: number;
  recipient_id: number;
  ticker: string;
  /** numeric(38, 18), read back as a decimal string. */
  amount: string;
  note: string;
  /** The sender's key for this transfer: a retry with the same key finds it again. */
  idempotency_key: string;
  ledger_entry_id: number;
  created_at: Auto<Date>;
}

/** The wallet tables, joined into the database's schema. */
export interface WalletTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  transfers: TransfersTable;
}
