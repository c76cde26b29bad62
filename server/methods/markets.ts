/**
 * markets.*: the public market data of the eight spot pairs: steps, fees and 24 h tickers, the
 * book's depth from the engine, the latest trades and candles from the stored trades.
 */
import { z } from 'zod';
import { PAIR_SYMBOLS } from '../../core/markets/pairs.ts';
import { params } from '../http/fields.ts';
import { issueTicket } from '../support/tickets.ts';
import { MAX_CANDLES, readCandles } from '../trading/candles.ts';
import { bookDepth, readPublicTrades, readSummaries } from '../trading/marketData.ts';
import { pairField, pairOf, sinceField } from '../trading/orderParams.ts';
import { defineMethod, type Method } from './registry.ts';

const getItems = defineMethod({
  name: 'markets.getItems',
  access: 'public',
  params: params({}),
  async handler(_params, { db, market }) {
    return { items: await readSummaries(db, market, PAIR_SYMBOLS) };
  },
});

const getBook = defineMethod({
  name: 'markets.getBook',
  access: 'public',
  params: params({
    pair: pairField(),
    depth: z.number().int().min(1).max(500).exactOptional(),
  }),
  async handler(params, { market }) {
    return { book: bookDepth(market, pairOf(params.pair), params.depth ?? 50) };
  },
});

const getTrades = defineMethod({
  name: 'markets.getTrades',
  access: 'public',
  params: params({
    pair: pairField(),
    limit: z.number().int().min(1).max(500).exactOptional(),
    since: sinceField().exactOptional(),
  }),
  async handler(params, { db }) {
    const pair = pairOf(params.pair);
    return { trades: await readPublicTrades(db, pair, params.limit ?? 50, params.since) };
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
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_CANDLES)
      .describe('at most this many candles: the first from `from`, else the last up to `to`')
      .exactOptional(),
  }),
  async handler(params, { db }) {
    const pair = pairOf(params.pair);
    return { candles: await readCandles(db, pair, params.interval, params) };
  },
});

const getSocketTicket = defineMethod({
  name: 'markets.getSocketTicket',
  access: 'user',
  params: params({}),
  async handler(_params, { db, caller }) {
    return { ticket: await issueTicket(db, caller.sessionId) };
  },
});

/** The markets.* methods. */
export const marketMethods: readonly Method[] = [
  getItems,
  getBook,
  getTrades,
  getCandles,
  getSocketTicket,
];
