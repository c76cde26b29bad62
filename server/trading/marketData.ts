/**
 * The public market data, read once for the API's markets.* methods and the market streams
 * alike: each pair's summary with its 24 h ticker, the book's depth, and public trades.
 */
import { sql } from 'kysely';
import { formatDecimal } from '../../core/markets/decimal.ts';
import { PAIRS, type PairSpec, type PairSymbol } from '../../core/markets/pairs.ts';
import { fromLots, fromNotional, fromTicks } from '../../core/markets/units.ts';
import type { BookDepth, MarketSummary, PublicTrade } from '../../core/protocol/index.ts';
import type { Queryable } from '../storage/db.ts';
import { sumText, volumes } from './candles.ts';
import type { SpotMarket } from './SpotMarket.ts';
import type { TradesTable } from './TradingTables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The summaries of `pairs`: steps, fees, and the ticker of the last 24 hours. */
export async function readSummaries(
  db: Queryable,
  market: SpotMarket,
  pairs: readonly PairSymbol[],
): Promise<MarketSummary[]> {
  if (pairs.length === 0) return [];
  const stats = await db
    .selectFrom('trades')
    .select([
      'pair',
      sql<number>`max(price)`.as('high'),
      sql<number>`min(price)`.as('low'),
      sql<number>`(array_agg(price order by id))[1]`.as('open'),
      volumes.lots.as('lots'),
      volumes.notional.as('notional'),
    ])
    .where('created_at', '>=', new Date(Date.now() - DAY_MS))
    .where('pair', 'in', pairs)
    .groupBy('pair')
    .execute();
  const timestamp = Date.now();
  return pairs.map((symbol): MarketSummary => {
    const spec = PAIRS[symbol];
    const day = stats.find((row) => row.pair === symbol);
    const last = market.book(symbol).lastPriceTicks;
    return {
      pair: symbol,
      base: spec.base,
      quote: spec.quote,
      ...limitsOf(spec),
      makerFee: market.fees.maker,
      takerFee: market.fees.taker,
      last: last === null ? null : fromTicks(spec, last),
      change: day === undefined || last === null ? null : percentChange(day.open, last),
      high: day === undefined ? null : fromTicks(spec, day.high),
      low: day === undefined ? null : fromTicks(spec, day.low),
      baseVolume: sumText(spec, day?.lots ?? '0', 'lots'),
      quoteVolume: sumText(spec, day?.notional ?? '0', 'notional'),
      ...bestOf(market, spec),
      timestamp,
    };
  });
}

/** Every limit the market enforces on a pair's orders (draftOf and the engine refuse the rest). */
function limitsOf(spec: PairSpec) {
  return {
    tickSize: spec.tickSize,
    lotSize: spec.lotSize,
    priceDecimals: spec.priceDecimals,
    amountDecimals: spec.amountDecimals,
    minPrice: spec.tickSize,
    maxPrice: spec.maxPrice,
    minAmount: spec.lotSize,
    maxAmount: spec.maxAmount,
    minValue: spec.minValue,
    maxTotal: fromNotional(spec, spec.maxNotional),
  };
}

/** A pair's best bid and ask with the amount resting at each, as the book holds them now. */
function bestOf(market: SpotMarket, spec: PairSpec) {
  const { bids, asks } = market.book(spec.symbol).depth(1);
  const [bid] = bids;
  const [ask] = asks;
  return {
    bid: bid === undefined ? null : fromTicks(spec, bid.priceTicks),
    bidAmount: bid === undefined ? null : fromLots(spec, bid.lots),
    ask: ask === undefined ? null : fromTicks(spec, ask.priceTicks),
    askAmount: ask === undefined ? null : fromLots(spec, ask.lots),
  };
}

/** The change from `open` to `last` in percent with 2 decimals, rounded half away from zero. */
function percentChange(open: number, last: number): string {
  const basisPoints = (BigInt(last - open) * 20_000n) / BigInt(open);
  const rounded = basisPoints >= 0n ? (basisPoints + 1n) / 2n : (basisPoints - 1n) / 2n;
  return formatDecimal(rounded, 2);
}

/** A pair's book, `depth` levels a side, as the engine (or a follower's replica) holds it now. */
export function bookDepth(market: SpotMarket, pair: PairSymbol, depth: number): BookDepth {
  const spec = PAIRS[pair];
  const book = market.book(pair).depth(depth);
  const level = (l: { priceTicks: number; lots: number; orders: number }) => ({
    price: fromTicks(spec, l.priceTicks),
    amount: fromLots(spec, l.lots),
    orders: l.orders,
  });
  const { bids, asks, bookSeq } = book;
  return {
    pair,
    bids: bids.map(level),
    asks: asks.map(level),
    sequence: bookSeq,
    timestamp: Date.now(),
  };
}

/** A pair's latest trades, newest first; or from `since` (ms, inclusive) on, oldest first. */
export async function readPublicTrades(
  db: Queryable,
  pair: PairSymbol,
  limit: number,
  since?: number,
): Promise<PublicTrade[]> {
  let query = db
    .selectFrom('trades')
    .select(['id', 'pair', 'price', 'amount', 'taker_side', 'created_at'])
    .where('pair', '=', pair)
    .orderBy('id', since === undefined ? 'desc' : 'asc')
    .limit(limit);
  if (since !== undefined) query = query.where('created_at', '>=', new Date(since));
  return (await query.execute()).map(publicTrade);
}

/** A stored trade as anyone may see it. */
export function publicTrade(
  row: Pick<TradesTable, 'id' | 'pair' | 'price' | 'amount' | 'taker_side' | 'created_at'>,
): PublicTrade {
  const spec = PAIRS[row.pair as PairSymbol];
  return {
    id: row.id,
    price: fromTicks(spec, row.price),
    amount: fromLots(spec, row.amount),
    takerSide: row.taker_side,
    time: row.created_at.toISOString(),
  };
}
