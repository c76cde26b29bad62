/**
 * The public market data as a trading program reads it: trades and candles paged from a time,
 * the limits every pair enforces, tickers with the best bid and ask, and books with their time.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { PairSymbol } from '../../core/markets/pairs.ts';
import type { Ticker } from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { fundedAccount, ok, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
  });
  after(() => app.close());

  const trader = async (funds: Partial<Record<Ticker, string>>) =>
    (await fundedAccount(app, db, funds)).token;

  /** One trade of `amount` at `price` on `pair`; the trade's id. */
  const trade = async (pair: PairSymbol, price: string, amount: string) => {
    const base = pair.split('_')[0] as Ticker;
    const order = { pair, type: 'limit', price, amount } as const;
    await ok(
      app,
      'orders.place',
      { ...order, side: 'sell' },
      { token: await trader({ [base]: amount }) },
    );
    const buyer = await trader({ USDT: '1000' });
    await ok(app, 'orders.place', { ...order, side: 'buy' }, { token: buyer });
    const [last] = (await ok(app, 'markets.getTrades', { pair, limit: 1 })).trades;
    assert.ok(last !== undefined);
    return last.id;
  };

  test('public trades and candles page forward from a time, oldest first', async () => {
    const pair = 'DOGE_USDT';
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    const ids = [];
    // Three trades a minute apart: three one-minute candles.
    for (const [index, price] of ['0.1', '0.11', '0.12'].entries()) {
      const id = await trade(pair, price, '100');
      await db
        .updateTable('trades')
        .set({ created_at: new Date(t0 + index * 60_000) })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    const trades = async (params: { since?: number; limit?: number }) =>
      (await ok(app, 'markets.getTrades', { pair, ...params })).trades.map((t) => t.id);
    assert.deepEqual(await trades({}), [...ids].reverse(), 'newest first without since');
    assert.deepEqual(await trades({ since: t0 + 60_000 }), ids.slice(1));
    assert.deepEqual(await trades({ since: t0, limit: 2 }), ids.slice(0, 2));

    const candles = async (params: { from?: number; to?: number; limit?: number }) =>
      (await ok(app, 'markets.getCandles', { pair, interval: '1m', ...params })).candles.map(
        (c) => [c.time, c.close],
      );
    assert.deepEqual(await candles({ from: t0, limit: 2 }), [
      [t0, '0.1'],
      [t0 + 60_000, '0.11'],
    ]);
    assert.deepEqual(await candles({ to: t0 + 120_000, limit: 2 }), [
      [t0 + 60_000, '0.11'],
      [t0 + 120_000, '0.12'],
    ]);
  });
});
