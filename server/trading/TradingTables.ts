/** The spot market's tables (see migration.ts, ownersMigration.ts) as Kysely sees them. */
import type { Generated } from 'kysely';

/** Accepted spot orders in the engine's integers (see trading/migration.ts). */
export interface OrdersTable {
  id: number;
  user_id: number;
  pair: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market' | 'stopLimit' | 'stopMarket';
  /** Ticks. */
  price: number | null;
  /** Ticks. */
  stop_price: number | null;
  /** Lots. */
  amount: number | null;
  /** Notional units (tick × lot): what a market buy was sent to spend, else null. */
  total: number | null;
  /**
   * Notional units: the bound a market buy by amount got from the account's available USDT when
   * placed (it names no price); null for every other order. Never shown as the order's total.
   */
  spend_cap: number | null;
  time_in_force: 'GTC' | 'IOC' | 'FOK';
  post_only: boolean;
  self_trade: string;
  client_order_id: string | null;
  status: 'new' | 'partiallyFilled' | 'filled' | 'cancelled' | 'expired';
  reason: string | null;
  /** Lots. */
  filled: number;
  /** Notional units. */
  filled_value: number;
  /**
   * The fees its fills paid so far, summed exactly (a decimal string, numeric(38, 18)), in the
   * currency the order receives: the base for a buy, USDT for a sell.
   */
  fee: string;
  /** When it last traded; null before its first fill. */
  last_fill_at: Date | null;
  /** Time priority while open, from the engine. */
  priority: number;
  /** Whether a stop order's stop has been reached (it then rests as a limit order). */
  triggered: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Every fill, with the fees each side paid. */
export interface TradesTable {
  id: number;
  pair: string;
  seq: number;
  price: number;
  amount: number;
  taker_side: 'buy' | 'sell';
  maker_order_id: number;
  taker_order_id: number;
  maker_user_id: number;
  taker_user_id: number;
  maker_fee: string;
  taker_fee: string;
  created_at: Date;
  /**
   * Made by the demo market's past with a simulated clock (demo/DemoPast.ts): `created_at` is
   * when it says it was made, not when it was written.
   */
  backdated: boolean;
}

/** A matching group's owner: the epoch the server that matches it took. */
export interface MarketOwnersTable {
  market: string;
  epoch: number;
  /** The owner's last committed batch in this epoch (0 before its first). */
  batch: Generated<number>;
  /** When the epoch was claimed: the owner's silence counts from then at the latest. */
  beat_at: Generated<Date>;
  /** The server whose seat claimed the epoch (`market_servers.id`; ownerHeartbeat.ts). */
  server: Generated<string | null>;
  /** The unit's last committed batch, counted across owners: never reset (replicas use it). */
  seq: Generated<number>;
}

/** An account's seq: the number of the last batch that changed it (accountSeqs.ts). */
export interface AccountSeqsTable {
  user_id: number;
  seq: number;
}

/** A command handed to the market's owner, and its answer once the owner committed it. */
export interface MarketIntakeTable {
  id: Generated<number>;
  market: string;
  command: unknown;
  answer: unknown;
  created_at: Generated<Date>;
  answered_at: Date | null;
}

/**
 * The account's seq a batch took for a row (accountSeqs.ts), stored beside the row
 * the market keeps in memory: written by writeBatch.ts, read by an account stream's resume.
 */
type Sequenced<Column extends string> = { [column in Column]: Generated<number> };

/** The trading tables, joined into the database's schema. */
export interface TradingTables {
  orders: OrdersTable & Sequenced<'changed_seq'>;
  trades: TradesTable & Sequenced<'maker_seq' | 'taker_seq'>;
  market_owners: MarketOwnersTable;
  account_seqs: AccountSeqsTable;
  market_intake: MarketIntakeTable;
}
