/** The table of migration 0012_withdrawals (see migration.ts) as Kysely sees it. */
import type { ColumnType, Generated } from 'kysely';
import type { Auto } from '../../storage/columns.ts';

/** One withdrawal; amounts are numeric(38, 18), read back as decimal strings. */
export interface WithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  asset: string;
  network: string;
  address: string;
  tag: number | null;
  amount: string;
  fee: string;
  /** The amount plus the fee in USD at the reference prices when requested. */
  usd_value: string;
  status: string;
  idempotency_key: string;
  /** The entry that moved the amount plus the fee to the held balance. */
  hold_entry_id: number | null;
  tx_hash: string | null;
  /** The signed transaction, stored before it is broadcast. */
  signed_tx: string | null;
  confirmations: Generated<number>;
  required: number;
  /** Why staff rejected it or the chain refused it. */
  reason: string | null;
  reviewed_by: number | null;
  /** The entry that took it out of the system (confirmed) or released its hold. */
  final_entry_id: number | null;
  created_at: Auto<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The withdrawal tables, joined into the database's schema. */
export interface WithdrawalTables {
  withdrawals: WithdrawalsTable;
}
