/**
 * An order group: orders of one account placed together or not at all, in one batch and so one
 * transaction (a swap's legs). Types only: the swap plans a group, the market places it
 * (placeGroup.ts).
 */
import type { PairSymbol } from '../../core/markets/pairs.ts';
import type { Ticker } from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';
import type { OrderBook, Side } from './engine/index.ts';
import type { OrderRow } from './orderRows.ts';

/** An amount of one currency, as an exact decimal string. */
export interface Money {
  ticker: Ticker;
  amount: string;
}

/**
 * One order of a group: a fill-or-kill limit order of the group's account, with what it spends
 * and receives (fees deducted) as its planner worked out against the live book.
 */
export interface GroupLeg {
  pair: PairSymbol;
  side: Side;
  lots: number;
  limitTicks: number;
  clientOrderId: string;
  spends: Money;
  receives: Money;
}

/**
 * How the market's owner makes a group again when another server forwards it: a group's plan and
 * record are code, so what travels is the maker's name (see GroupMakers) and the JSON it takes.
 */
export interface GroupRef {
  kind: string;
  args: unknown;
}

/** The group makers by name, for the groups other servers forward to the market's owner. */
export type GroupMakers = Readonly<Record<string, (args: unknown) => Promise<OrderGroup>>>;

/**
 * Orders of one account placed whole or not at all: planned against the books as they stand when
 * the group's turn comes, each leg funded by the balance plus what the legs before it deliver.
 */
export interface OrderGroup {
  userId: number;
  /** The pairs its legs trade on, known before planning: the market routes the group by them. */
  pairs?: readonly PairSymbol[];
  /** The legs' client order ids, known before planning: a group placed before is returned. */
  clientOrderIds: readonly string[];
  /** Every currency a leg may spend (locked for the batch). */
  spends: readonly Ticker[];
  /**
   * Put before the reasons of the ledger entries the planned legs make: `own` on the account's
   * own (its fees), `shared` on those another account sees too (its trades with a resting order).
   */
  label(legs: readonly GroupLeg[]): { own: string; shared: string };
  /** The legs against the books as they are now; throws DomainError to refuse. */
  plan(book: (pair: PairSymbol) => OrderBook): readonly GroupLeg[];
  /** Runs in the batch's transaction after its writes, with the legs' rows (a record of its own). */
  record(trx: Queryable, rows: readonly OrderRow[]): Promise<void>;
  /** How the owner makes this group again; a group without one runs only where it was made. */
  ref?: GroupRef;
}
