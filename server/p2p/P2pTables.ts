/** The P2P tables (migration 0023_p2p_offers), as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';

/** One offer; amounts are numeric, read back as decimal strings. */
export interface P2pOffersTable {
  id: Generated<number>;
  user_id: number;
  side: 'buy' | 'sell';
  asset: string;
  fiat: string;
  price: string;
  amount: string;
  available: string;
  min_fiat: string;
  max_fiat: string;
  payment_methods: string[];
  payment_window_minutes: number;
  terms: ColumnType<string, string | undefined, string>;
  status: 'active' | 'paused' | 'closed';
  /** The entry that holds a sell offer's available crypto while it is active. */
  escrow_entry_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The P2P tables, joined into the database's schema. */
export interface P2pTables {
  p2p_offers: P2pOffersTable;
}
