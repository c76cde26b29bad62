/**
 * markets.*: the public market data of the eight spot pairs: steps, fees and 24 h tickers, the
 * book's depth from the engine, the latest trades and candles from the stored trades.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import { formatDecimal } from '../../core/markets/decimal.ts';
import { PAIR_SYMBOLS, PAIRS } from '../../core/markets/pairs.ts';
import { fromLots, fromTicks } from '../../core/markets/units.ts';
import type { MarketSummary } from '../../core/protocol.ts';
import { params } from '../http/fields.ts';
import { readCandles, sumText, volumes } from '../trading/candles.ts';
import { pairField, pairOf } from '../trading/orderParams.ts';
import { defineMethod, type Method } from './registry.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const getItems = defineMethod({
  name: 'markets.getItems',
  access: 'public',
  params: params({}),
  async handler(_params, { db, market }) {
    const since = new Date(Date.now() - DAY_MS);
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
      .where('created_at', '>=', since)
      .groupBy('pair')
      .execute();
    const items = PAIR_SYMBOLS.map((symbol): MarketSummary => {
      const spec = PAIRS[symbol];
      const day = stats.find((row) => row.pair === symbol);
      const last = market.book(symbol).lastPriceTicks;
      return {
        pair: symbol,
        base: spec.base,
        quote: spec.quote,
        tickSize: spec.tickSize,
        lotSize: spec.lotSize,
        minValue: spec.minValue,
        makerFee: market.fees.maker,
        takerFee: market.fees.taker,
        last: last === null ? null : fromTicks(spec, last),
        change: day === undefined || last === null ? null : percentChange(day.open, last),
        high: day === undefined ? null : fromTicks(spec, day.high),
        low: day === undefined ? null : fromTicks(spec, day.low),
        baseVolume: sumText(spec, day?.lots ?? '0', 'lots'),
        quoteVolume: sumText(spec, day?.notional ?? '0', 'notional'),
      };
    });
    return { items };
  },
});

/** The change from `open` to `last` in percent with 2 decimals, rounded half away from zero. */
function percentChange(open: number, last: number): string {
  const basisPoints = (BigInt(last - open) * 20_000n) / BigInt(open);
  const rounded = basisPoints >= 0n ? (basisPoints + 1n) / 2n : (basisPoints - 1n) / 2n;
  return formatDecimal(rounded, 2);
}

const getBook = defineMethod({
  name: 'markets.getBook',
  access: 'public',
  params: params({
    pair: pairField(),
    depth: z.number().int().min(1).max(500).exactOptional(),
  }),
  async handler(params, { market }) {
    const pair = pairOf(params.pair);
    const spec = PAIRS[pair];
    const depth = market.book(pair).depth(params.depth ?? 50);
    const level = (l: { priceTicks: number; lots: number; orders: number }) => ({
      price: fromTicks(spec, l.priceTicks),
      amount: fromLots(spec, l.lots),
      orders: l.orders,
    });
    return {
      book: {
        pair,
        bids: depth.bids.map(level),
        asks: depth.asks.map(level),
        sequence: depth.bookSeq,
      },
    };
  },
});

const getTrades = defineMethod({
  name: 'markets.getTrades',
  access: 'public',
  params: params({
    pair: pairField(),
    limit: z.number().int().min(1).max(500).exactOptional(),
  }),
  async handler(params, { db }) {
    const pair = pairOf(params.pair);
    const spec = PAIRS[pair];
    const rows = await db
      .selectFrom('trades')
      .select(['id', 'price', 'amount', 'taker_side', 'created_at'])
      .where('pair', '=', pair)
      .orderBy('id', 'desc')
      .limit(params.limit ?? 50)
      .execute();
    return {
      trades: rows.map((row) => ({
        id: row.id,
        price: fromTicks(spec, row.price),
        amount: fromLots(spec, row.amount),
        takerSide: row.taker_side,
        time: row.created_at.toISOString(),
      })),
    };
  },
});

const getCandles = defineMethod({
  name: 'markets.getCandles',
  access: 'public',
  params: params({
    pair: pairField(),
    interval: z.enum(['1m', '5m', '15m', '1h', '4h', '1d']),
    from: z.number().int().min(0).max(8.64e15).exactOptional(),
    to: z.number().int().min(0).max(8.64e15).exactOptional(),
  }),
  async handler(params, { db }) {
    const pair = pairOf(params.pair);
    return { candles: await readCandles(db, pair, params.interval, params) };
  },
});

/** The markets.* methods. */
export const marketMethods: readonly Method[] = [getItems, getBook, getTrades, getCandles];
