/** The table of migration 0015_swaps (see migration.ts) as Kysely sees it. */
import type { ColumnType, Generated } from 'kysely';
import type { PairSymbol } from '../../core/markets/pairs.ts';
import type { SwapQuote } from '../../core/protocol/swap.ts';

/** A leg as a quote fixes it: the order it places. */
export interface PlannedLeg {
  pair: PairSymbol;
  side: 'buy' | 'sell';
  lots: number;
  limitTicks: number;
}

/** One quote, and once accepted, the swap it became. */
export interface SwapsTable {
  id: Generated<number>;
  user_id: number;
  from_ticker: string;
  to_ticker: string;
  amount: string;
  quoted_received: string;
  quoted_remainder: string;
  legs: ColumnType<PlannedLeg[], string, string>;
  /** The quote as it was answered (its `id` and `expiresAt` come from the row). */
  quote: ColumnType<Omit<SwapQuote, 'id' | 'expiresAt'>, string, string>;
  created_at: ColumnType<Date, Date | undefined, never>;
  expires_at: Date;
  filled_at: Date | null;
  spent: string | null;
  received: string | null;
  remainder: string | null;
  order_ids: ColumnType<number[] | null, string | null, string | null>;
}

/** The swap tables, joined into the database's schema. */
export interface SwapTables {
  swaps: SwapsTable;
}
