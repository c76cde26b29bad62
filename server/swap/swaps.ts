/**
 * Swaps at firm quotes. A quote is priced from the live books (route.ts) and stored with the legs
 * it fixed; accepting it places those legs as one order group, in one batch of the market and so
 * one transaction with their ledger entries and the swap's own record. At acceptance the legs are
 * priced again against the books of that moment: an expired quote, or one that would now give
 * less, is refused with a fresh quote to ask again with; one that would give more fills, and
 * the account keeps the difference. The legs' client order ids come from the quote's id, so a
 * retried accept finds the swap already made instead of making a second.
 */
import type { Selectable } from 'kysely';
import { refusalOf } from '../../core/errors/index.ts';
import type { PairSymbol } from '../../core/markets/pairs.ts';
import type { Ticker } from '../../core/protocol/index.ts';
import { QUOTE } from '../../core/protocol/index.ts';
import { SWAP_QUOTE_SECONDS, type Swap, type SwapQuote } from '../../core/protocol/swap.ts';
import { DomainError, refusal } from '../errors/DomainError.ts';
import type { Database, Queryable } from '../storage/db.ts';
import type { DepthLevel, OrderBook } from '../trading/engine/index.ts';
import type { OrderGroup } from '../trading/OrderGroup.ts';
import type { SpotMarket } from '../trading/SpotMarket.ts';
import {
  atLeast,
  type BookLevels,
  evaluate,
  groupLegs,
  legOnWire,
  type Outcome,
  plan,
  rateOf,
  routeOf,
  swapClientOrderId,
} from './route.ts';
import type { SwapsTable } from './SwapsTable.ts';

/** Levels of a book a quote may walk at most: beyond them, a swap is larger than the book. */
const DEPTH_LEVELS = 1000;

/** How long a quote stays firm, in milliseconds. */
const QUOTE_MS = SWAP_QUOTE_SECONDS * 1000;

/** Most swaps a history page holds. */
export const MAX_SWAP_PAGE = 500;

type SwapRow = Selectable<SwapsTable>;

/** The refusal of an accept that asks again: carries the fresh quote. */
class QuoteRefused extends DomainError {}

/** Each pair's levels read once per use, from the books as they are. */
function levelsOf(book: (pair: PairSymbol) => OrderBook): BookLevels {
  const depths = new Map<PairSymbol, { bids: DepthLevel[]; asks: DepthLevel[] }>();
  return (pair, side) => {
    let depth = depths.get(pair);
    if (depth === undefined) {
      depth = book(pair).depth(DEPTH_LEVELS);
      depths.set(pair, depth);
    }
    return depth[side];
  };
}

/** The account a swap call comes from, as its session read it for this request. */
export interface Swapper {
  id: number;
  is_swap: boolean;
  is_blocked: boolean;
}

/**
 * Refuses an account that may not swap (staff turned it off, or it is blocked). The row is the
 * one the request's session was checked against, read for this request: a change by staff
 * applies from the next call, without a query of its own on the quote's path.
 */
function checkAllowed(user: Swapper): void {
  if (!user.is_swap || user.is_blocked) throw refusal('swap.disabled');
}

/** A firm quote for swapping `amount` of `from` into `to`, stored for `swap.accept`. */
export async function quoteSwap(
  db: Database,
  market: SpotMarket,
  user: Swapper,
  request: { from: Ticker; to: Ticker; amount: string },
): Promise<SwapQuote> {
  checkAllowed(user);
  return storeQuote(db, market, user.id, request);
}

async function storeQuote(
  db: Database,
  market: SpotMarket,
  userId: number,
  { from, to, amount }: { from: Ticker; to: Ticker; amount: string },
): Promise<SwapQuote> {
  const planned = plan(
    from,
    to,
    amount,
    levelsOf((pair) => market.book(pair)),
    market.fees.taker,
  );
  const quote: Omit<SwapQuote, 'id' | 'expiresAt'> = {
    from,
    to,
    amount,
    received: planned.received,
    remainder: planned.remainder,
    rate: rateOf(amount, planned.received),
    route: routeOf(from, to),
    legs: planned.legs.map(legOnWire),
    priceImpact: planned.priceImpact,
  };
  const expiresAt = new Date(Date.now() + QUOTE_MS);
  const row = await db
    .insertInto('swaps')
    .values({
      user_id: userId,
      from_ticker: from,
      to_ticker: to,
      amount,
      quoted_received: planned.received,
      quoted_remainder: planned.remainder,
      legs: JSON.stringify(
        planned.legs.map(({ pair, side, lots, limitTicks }) => ({ pair, side, lots, limitTicks })),
      ),
      quote: JSON.stringify(quote),
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...quote, id: Number(row.id), expiresAt: expiresAt.toISOString() };
}

/**
 * Fills a quote once; see the file comment. A refusal that asks again is a DomainError whose
 * `quote` field is the fresh quote.
 */
export async function acceptSwap(
  db: Database,
  market: SpotMarket,
  user: Swapper,
  quoteId: number,
): Promise<Swap> {
  const userId = user.id;
  const row = await findSwap(db, userId, quoteId);
  if (row.filled_at !== null) return swapOnWire(row);
  checkAllowed(user);
  const from = row.from_ticker as Ticker;
  const to = row.to_ticker as Ticker;
  const again = { from, to, amount: row.amount };
  if (row.expires_at.getTime() <= Date.now()) {
    const quote = await storeQuote(db, market, userId, again);
    const expired = refusalOf('swap.quoteExpired', { seconds: SWAP_QUOTE_SECONDS });
    throw new QuoteRefused(expired, { quote });
  }
  try {
    await market.placeGroup(swapGroup(row, userId, market.fees.taker));
  } catch (error) {
    // By code, not class: an answer forwarded from the server that matches is a plain refusal.
    if (!(error instanceof DomainError && error.code === 'swap.priceMoved')) throw error;
    const quote = await storeQuote(db, market, userId, again);
    throw new QuoteRefused(error, { quote });
  }
  return swapOnWire(await findSwap(db, userId, quoteId));
}

/** What the market's owner needs to make a swap's group again (see `swapGroupMaker`). */
interface SwapGroupArgs {
  quoteId: number;
  userId: number;
  takerFee: string;
}

/** Makes a swap's order group from its stored quote, for a swap another server forwarded. */
export function swapGroupMaker(db: Database): (args: unknown) => Promise<OrderGroup> {
  return async (args) => {
    const { quoteId, userId, takerFee } = args as SwapGroupArgs;
    return swapGroup(await findSwap(db, userId, quoteId), userId, takerFee);
  };
}

/** The order group that fills a quote's legs, if the books still give what it promised. */
function swapGroup(row: SwapRow, userId: number, takerFee: string): OrderGroup {
  const from = row.from_ticker as Ticker;
  let outcome: Outcome | null = null;
  const args: SwapGroupArgs = { quoteId: Number(row.id), userId, takerFee };
  return {
    ref: { kind: 'swap', args },
    userId,
    pairs: row.legs.map((leg) => leg.pair),
    clientOrderIds: row.legs.map((_, index) => swapClientOrderId(row.id, index)),
    spends: from === QUOTE ? [QUOTE] : [from, QUOTE],
    // The other side of a trade sees that a swap took its order, never what the swap was.
    label: (legs) => ({
      own: `Swap ${legs[0]?.spends.amount} ${from} → ${legs.at(-1)?.receives.amount} ${row.to_ticker} (quote ${row.id})`,
      shared: `Swap (quote ${row.id})`,
    }),
    plan(book) {
      const now = evaluate(row.legs, from, row.amount, levelsOf(book), takerFee);
      if (
        now === null ||
        !atLeast(now.received, row.quoted_received) ||
        !atLeast(now.remainder, row.quoted_remainder)
      ) {
        throw new QuoteRefused(refusalOf('swap.priceMoved'));
      }
      outcome = now;
      return groupLegs(row.id, now.legs);
    },
    async record(trx, rows) {
      if (outcome === null) throw new Error('a swap recorded before it was planned');
      const cost = outcome.legs[0]?.spends.amount ?? '0';
      await trx
        .updateTable('swaps')
        .set({
          filled_at: new Date(),
          spent: from === QUOTE ? cost : row.amount,
          received: outcome.received,
          remainder: from === QUOTE ? '0' : outcome.remainder,
          order_ids: JSON.stringify(rows.map((order) => order.id)),
        })
        .where('id', '=', row.id)
        .where('filled_at', 'is', null)
        .execute();
    },
  };
}

async function findSwap(db: Queryable, userId: number, id: number): Promise<SwapRow> {
  const row = await db
    .selectFrom('swaps')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) throw refusal('swap.unknownQuote');
  return row;
}

/** The caller's swaps, newest first. */
export async function mySwaps(
  db: Queryable,
  userId: number,
  page: { limit?: number; before?: number },
): Promise<Swap[]> {
  let query = db
    .selectFrom('swaps')
    .selectAll()
    .where('user_id', '=', userId)
    .where('filled_at', 'is not', null)
    .orderBy('id', 'desc')
    .limit(page.limit ?? 50);
  if (page.before !== undefined) query = query.where('id', '<', page.before);
  return (await query.execute()).map(swapOnWire);
}

function swapOnWire(row: SwapRow): Swap {
  return {
    id: Number(row.id),
    from: row.from_ticker as Ticker,
    to: row.to_ticker as Ticker,
    amount: trim(row.spent ?? row.amount),
    received: trim(row.received ?? '0'),
    remainder: trim(row.remainder ?? '0'),
    createdAt: (row.filled_at ?? row.created_at).toISOString(),
  };
}

/** A numeric column's text without trailing zeros ("0.100000000000000000" → "0.1"). */
function trim(amount: string): string {
  return amount.includes('.') ? amount.replace(/0+$/, '').replace(/\.$/, '') : amount;
}
