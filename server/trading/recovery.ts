/**
 * Recovery: the books and open orders rebuilt from the database, which is the market's journal.
 * A restart does this, and so does a batch whose transaction failed, since nothing of it
 * happened. A follower taking the market whose replica holds every batch committed builds them
 * from the replica's open orders instead (BookReplica.ts), reading only the highest ids.
 */
import { PAIR_SYMBOLS, type PairSymbol } from '../../core/markets/pairs.ts';
import type { Queryable } from '../storage/db.ts';
import type { MarketState } from './MarketState.ts';
import type { OrderRow } from './orderRows.ts';
import { recordOf } from './orderRows.ts';
import { type HeldOrder, holdLeftOf } from './settlement.ts';

/** What the books are built from: the open orders, each pair's last trade, the highest ids. */
export interface Journal {
  open: OrderRow[];
  lastTrades: { pair: string; price: number; seq: number }[];
  maxIds: MaxIds;
}

/** The highest order and trade ids stored (null before the first). */
export interface MaxIds {
  order_id: number | string | bigint | null;
  trade_id: number | string | bigint | null;
}

/** Rebuilds every book, the open orders and the next ids from the database. */
export async function restoreMarket(db: Queryable, state: MarketState): Promise<void> {
  fillMarket(state, await readJournal(db, state.pairs));
}

/** Builds every book, the open orders and the next ids from a journal's contents. */
export function fillMarket(state: MarketState, journal: Journal): void {
  state.clear();
  for (const pair of state.pairs) fillPair(state, pair, journal);
  state.nextOrderId = Number(journal.maxIds.order_id ?? 0) + 1;
  state.nextTradeId = Number(journal.maxIds.trade_id ?? 0) + 1;
}

/** Builds one pair's book and open orders, into an empty book, from a journal's contents. */
export function fillPair(
  state: MarketState,
  pair: PairSymbol,
  { open, lastTrades }: Journal,
): void {
  const mine = open.filter((row) => row.pair === pair);
  const last = lastTrades.find((trade) => trade.pair === pair);
  state.book(pair).restore({
    orders: mine.map(recordOf),
    lastPriceTicks: last?.price ?? null,
    tradeSeq: last?.seq ?? 0,
    bookSeq: 0,
  });
  for (const row of mine) {
    state.open.set(row.id, row);
    state.held.set(row.id, heldOf(row));
  }
}

/** The highest order and trade ids stored. */
export async function readMaxIds(db: Queryable): Promise<MaxIds> {
  return db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('orders')
        .select((o) => o.fn.max('id').as('m'))
        .as('order_id'),
      eb
        .selectFrom('trades')
        .select((t) => t.fn.max('id').as('m'))
        .as('trade_id'),
    ])
    .executeTakeFirstOrThrow();
}

/**
 * The open orders and each pair's last trade, of `pairs` (a unit's), and the highest order and
 * trade ids stored.
 */
async function readJournal(db: Queryable, pairs: readonly PairSymbol[]): Promise<Journal> {
  const every = pairs.length === PAIR_SYMBOLS.length;
  const open = await db
    .selectFrom('orders')
    .selectAll()
    .where('status', 'in', ['new', 'partiallyFilled'])
    .$if(!every, (query) => query.where('pair', 'in', pairs))
    .execute();
  const maxIds = await readMaxIds(db);
  const lastTrades = await db
    .selectFrom('trades')
    .select(['pair', 'price', 'seq'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('trades')
        .select((t) => t.fn.max('id').as('id'))
        .$if(!every, (query) => query.where('pair', 'in', pairs))
        .groupBy('pair'),
    )
    .execute();
  return { open, maxIds, lastTrades };
}

/** What a stored open order still holds: it holds, since it stayed open when placed. */
function heldOf(row: OrderRow): HeldOrder {
  return {
    id: row.id,
    userId: row.user_id,
    side: row.side,
    limitTicks: row.side === 'buy' && row.price !== null ? row.price : null,
    holdLeft: holdLeftOf({
      side: row.side,
      type: row.type,
      priceTicks: row.price,
      lots: row.amount,
      total: row.total ?? row.spend_cap,
      filledLots: row.filled,
      filledNotional: row.filled_value,
    }),
    holds: true,
  };
}
