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
import { call, fundedAccount, ok, testConfig } from '../../test/serverTesting.ts';
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

  test('markets.getItems publishes every limit an order is held to, and each is enforced', async () => {
    const { items } = await ok(app, 'markets.getItems', {});
    const btc = items.find((item) => item.pair === 'BTC_USDT');
    assert.deepEqual(
      btc && [
        btc.tickSize,
        btc.lotSize,
        btc.priceDecimals,
        btc.amountDecimals,
        btc.minPrice,
        btc.maxPrice,
        btc.minAmount,
        btc.maxAmount,
        btc.minValue,
        btc.maxTotal,
      ],
      ['0.01', '0.00001', 2, 5, '0.01', '1000000', '0.00001', '90', '5', '90000000'],
    );
    const token = await trader({ USDT: '100', BTC: '100' });
    const refused = async (order: Record<string, string>) => {
      const reply = await call(app, 'orders.place', { pair: 'BTC_USDT', ...order } as never, {
        token,
      });
      return reply.status ? null : reply.error_code;
    };
    const limit = { side: 'sell', type: 'limit' };
    assert.equal(
      await refused({ ...limit, price: '1000000.01', amount: '0.01' }),
      'order.aboveMax',
    );
    assert.equal(await refused({ ...limit, price: '1000', amount: '90.00001' }), 'order.aboveMax');
    assert.equal(
      await refused({ ...limit, price: '1000', amount: '0.000001' }),
      'order.lotDecimals',
    );
    assert.equal(
      await refused({ ...limit, price: '1000', amount: '0.001' }),
      'order.belowMinValue',
    );
    const buy = { side: 'buy', type: 'market' };
    assert.equal(await refused({ ...buy, total: '90000000.0000001' }), 'order.aboveMax');
  });

  test('tickers carry the best bid and ask with their amounts; tickers and books their time', async () => {
    const pair = 'LTC_USDT';
    const before = Date.now();
    const ltc = async () =>
      (await ok(app, 'markets.getItems', {})).items.find((i) => i.pair === pair);
    assert.deepEqual(
      (({ bid, bidAmount, ask, askAmount }) => [bid, bidAmount, ask, askAmount])(
        (await ltc()) ?? ({} as never),
      ),
      [null, null, null, null],
    );
    const token = await trader({ USDT: '1000', LTC: '10' });
    const order = { pair, type: 'limit' } as const;
    for (const [side, price, amount] of [
      ['buy', '70', '1'],
      ['buy', '71', '0.5'],
      ['buy', '71', '0.25'],
      ['sell', '75', '2'],
      ['sell', '76', '1'],
    ] as const) {
      await ok(app, 'orders.place', { ...order, side, price, amount }, { token });
    }
    const item = await ltc();
    assert.deepEqual(item && [item.bid, item.bidAmount, item.ask, item.askAmount], [
      '71',
      '0.75',
      '75',
      '2',
    ]);
    const { book } = await ok(app, 'markets.getBook', { pair, depth: 1 });
    assert.deepEqual([book.bids[0]?.price, book.asks[0]?.price], [item?.bid, item?.ask]);
    const after = Date.now();
    for (const timestamp of [item?.timestamp ?? 0, book.timestamp]) {
      assert.ok(timestamp >= before && timestamp <= after, `${timestamp} within the calls`);
    }
  });
});
