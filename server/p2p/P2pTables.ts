/** The P2P tables (migrations 0023_p2p_offers to 0028_p2p_margin, 0044_p2p_chat_reads), as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';

/** One offer; amounts are numeric, read back as decimal strings. */
export interface P2pOffersTable {
  id: Generated<number>;
  user_id: number;
  side: 'buy' | 'sell';
  asset: string;
  fiat: string;
  /** A fixed price, or null when the offer is priced by `margin`. */
  price: string | null;
  /** Percent over the reference price (0028_p2p_margin), or null for a fixed price. */
  margin: ColumnType<string | null, string | null | undefined, string | null>;
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

/** One trade on an offer; amounts are numeric, read back as decimal strings. */
export interface P2pTradesTable {
  /** Drawn before the insert (see trades.ts), so the escrow entry names the trade. */
  id: number;
  offer_id: number;
  buyer_id: number;
  seller_id: number;
  asset: string;
  fiat: string;
  price: string;
  amount: string;
  fee: string;
  fiat_amount: string;
  status: 'opened' | 'paid' | 'disputed' | 'released' | 'cancelled' | 'expired' | 'returned';
  pay_by: Date;
  /** The entry that moved the crypto into the `p2pEscrow` account. */
  escrow_entry_id: number;
  /** The entry that took it out again, to the buyer or back to the seller. */
  final_entry_id: number | null;
  dispute_reason: string | null;
  disputed_by: number | null;
  resolution: string | null;
  resolved_by: number | null;
  /** When the buyer marked it paid, it was disputed, and it ended (0027_p2p_trade_times). */
  paid_at: Generated<Date | null>;
  disputed_at: Generated<Date | null>;
  ended_at: Generated<Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Where a seller is paid by one method (migration 0025_p2p_payment_details). */
export interface P2pPaymentDetailsTable {
  user_id: number;
  method: string;
  details: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One message of a trade's chat; (trade_id, client_id) is unique (migration 0026_p2p_chat). */
export interface P2pMessagesTable {
  id: Generated<number>;
  trade_id: number;
  client_id: string;
  author_id: number;
  text: string;
  attachment_id: number | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** How far one side of a trade has read its chat (migration 0044_p2p_chat_reads). */
export interface P2pChatReadsTable {
  trade_id: number;
  user_id: number;
  /** The newest p2p_messages id this side has read. */
  read_through: number;
  read_at: ColumnType<Date, Date | undefined, Date>;
}

/** What one USDT is worth in a fiat, as staff keep it (migration 0028_p2p_margin). */
export interface P2pFiatRatesTable {
  fiat: string;
  per_usdt: string;
  updated_by: number | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The P2P tables, joined into the database's schema. */
export interface P2pTables {
  p2p_chat_reads: P2pChatReadsTable;
  p2p_fiat_rates: P2pFiatRatesTable;
  p2p_messages: P2pMessagesTable;
  p2p_offers: P2pOffersTable;
  p2p_trades: P2pTradesTable;
  p2p_payment_details: P2pPaymentDetailsTable;
}
