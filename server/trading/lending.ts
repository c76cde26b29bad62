/**
 * A group over two units (a swap between two coins with the market spread, units.ts), placed
 * whole in ONE batch of the first leg's unit. That batch locks its own unit's row in
 * `market_owners` and the other unit's, in name order, before anything else (its opening,
 * batchOpening.ts `openUnits`); every batch of the other unit raises that row first in its
 * transaction, so none commits while this batch holds it, and one in flight has committed
 * before the lock is granted. So the other unit's committed books are fixed for the batch, and
 * this server holds them exactly when its copy (its replica, or its own books when it owns that
 * unit too, whose own batch then waits for the next: JointBatches.ts) stands at the unit's last
 * batch, as its row says, read in the batch. The books are then lent to this batch: the group
 * is matched on both, both legs are written in its one transaction, which also counts a batch
 * of the other unit in that unit's epoch, and the lent book is dropped after. A copy behind the
 * row refuses the group with `market.groupBusy` (nothing placed; the spot market tries again
 * once its copy caught up).
 *
 * The other unit's owner learns of the batch from its news (UnitMarket.ts) and reads its books
 * again; should its next batch come first, the batch count it takes is not the next of its own,
 * and it reads its books again inside that batch before matching. Either way it never matches on
 * a book the lent batch changed.
 */
import { sql } from 'kysely';
import type { PairSymbol } from '../../core/markets/pairs.ts';
import { type DomainError, refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import type { BatchSeqs } from './accountSeqs.ts';
import type { Command } from './Command.ts';
import type { MarketState } from './MarketState.ts';
import type { OrderRow } from './orderRows.ts';
import type { BatchPosition, ForeignPart } from './Publisher.ts';
import { fillPair, type Journal } from './recovery.ts';
import type { MarketUnit } from './units.ts';

/** Another unit's books as this server holds them, to lend to a batch. */
export interface LentUnit {
  /** The unit's name. */
  unit: string;
  /** Where this server's copy stands; null when it may not be the committed books. */
  position(): BatchPosition | null;
  /** The copy's open orders and last trades. */
  journal(): Journal;
  /** The copy was found behind its unit: it catches up (a follower reads the unit again). */
  behind(): void;
}

/** The unit that matches a pair, as this server can lend it (SpotMarket.ts). */
export type Lender = (pair: PairSymbol) => LentUnit | null;

/** A pair lent to the running batch, and the epoch of its unit as read. */
export interface Lent {
  pair: PairSymbol;
  unit: string;
  epoch: number;
}

/**
 * Lends the batch the other units' books its groups need; the groups whose books cannot be lent
 * now are refused (by their index in the batch).
 */
export async function lendForGroups(
  trx: Queryable,
  state: MarketState,
  unit: MarketUnit,
  lender: Lender,
  commands: readonly Command[],
): Promise<{ lent: Lent[]; refused: Map<number, DomainError> }> {
  const lent: Lent[] = [];
  const refused = new Map<number, DomainError>();
  for (const [index, command] of commands.entries()) {
    if (command.kind !== 'group') continue;
    for (const pair of command.group.pairs ?? []) {
      if (unit.pairs.includes(pair) || lent.some((each) => each.pair === pair)) continue;
      const lending = lender(pair);
      const taken = lending === null ? null : await lendPair(trx, state, pair, lending);
      if (taken === null) {
        refused.set(index, refusal('market.groupBusy'));
        break;
      }
      lent.push(taken);
    }
  }
  return { lent, refused };
}

/** Lends one pair when this server's copy stands at its unit's last batch; null when not. */
async function lendPair(
  trx: Queryable,
  state: MarketState,
  pair: PairSymbol,
  lending: LentUnit,
): Promise<Lent | null> {
  const row = await trx
    .selectFrom('market_owners')
    .select(['epoch', 'batch'])
    .where('market', '=', lending.unit)
    .forUpdate()
    .executeTakeFirst();
  const at = lending.position();
  if (row === undefined || at === null || row.epoch !== at.epoch || row.batch !== at.batch) {
    // A new owner that has run no batch yet sends no news: the copy reads the unit again.
    lending.behind();
    return null;
  }
  state.clearPair(pair);
  fillPair(state, pair, lending.journal());
  return { pair, unit: lending.unit, epoch: row.epoch };
}

/**
 * Counts a batch of each lent unit whose pair the batch changed, in that unit's epoch and seq;
 * their parts of the batch, with the seqs their accounts took for them.
 */
export async function countLent(
  trx: Queryable,
  lent: readonly Lent[],
  rows: Iterable<OrderRow>,
  seqs: BatchSeqs,
): Promise<ForeignPart[]> {
  const changed = new Set([...rows].map((row) => row.pair));
  const parts: ForeignPart[] = [];
  for (const { pair, unit, epoch } of lent) {
    if (!changed.has(pair)) continue;
    const row = await trx
      .updateTable('market_owners')
      .set({ batch: sql`batch + 1`, seq: sql`seq + 1` })
      .where('market', '=', unit)
      .where('epoch', '=', epoch)
      .returning(['batch', 'seq'])
      .executeTakeFirst();
    // Locked by lendPair since: it cannot have moved.
    if (row === undefined) throw new Error(`the lent unit ${unit} moved in the batch`);
    const position = { epoch, batch: row.batch };
    parts.push({ unit, pairs: [pair], position, seq: row.seq, accounts: seqs.part(unit) });
  }
  return parts;
}
