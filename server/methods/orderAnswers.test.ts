/**
 * What a trading program reads back from the order methods: the total it sent and no other,
 * orders by reference whatever their state, fees and fills so far, client order ids replayed,
 * and pages of history from a time on.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { PlaceOrderParams, Ticker } from '../../core/protocol/index.ts';
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

  const trader = (funds: Partial<Record<Ticker, string>>) => fundedAccount(app, db, funds);
  const place = async (token: string, order: PlaceOrderParams) =>
    (await ok(app, 'orders.place', order, { token })).order;
  const held = async (token: string, ticker: Ticker) => {
    const { wallets } = await ok(app, 'currencies.getItems', { limit: 1000 }, { token });
    return wallets?.find((w) => w.ticker === ticker)?.held;
  };

  test('a market buy by amount answers and keeps no total it was not sent', async () => {
    const maker = await trader({ XRP: '100' });
    const ask = { pair: 'XRP_USDT', side: 'sell', type: 'limit' } as const;
    await place(maker.token, { ...ask, price: '0.5', amount: '10' });
    await place(maker.token, { ...ask, price: '0.6', amount: '90' });
    const buyer = await trader({ USDT: '1000' });
    const bought = await place(buyer.token, {
      pair: 'XRP_USDT',
      side: 'buy',
      type: 'market',
      amount: '10',
    });
    assert.deepEqual([bought.status, bought.amount, bought.total], ['filled', '10', null]);
    const [stored] = (await ok(app, 'orders.getHistory', {}, { token: buyer.token })).orders;
    assert.deepEqual([stored?.id, stored?.total], [bought.id, null]);

    // A stop-market buy by amount waits holding the available USDT, yet shows no total; after a
    // restart it still holds it, and triggered it spends only what its amount costs.
    const stop = await place(buyer.token, {
      pair: 'XRP_USDT',
      side: 'buy',
      type: 'stopMarket',
      stopPrice: '0.6',
      amount: '20',
    });
    assert.deepEqual([stop.status, stop.total], ['new', null]);
    assert.equal(await held(buyer.token, 'USDT'), '995');
    const again = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    const reopened = await ok(again, 'orders.getOpen', {}, { token: buyer.token });
    await again.close();
    assert.deepEqual(
      reopened.orders.map((order) => [order.id, order.total]),
      [[stop.id, null]],
    );
    const other = await trader({ USDT: '10' });
    await place(other.token, { pair: 'XRP_USDT', side: 'buy', type: 'market', amount: '1' });
    const [done] = (await ok(app, 'orders.getHistory', {}, { token: buyer.token })).orders;
    assert.deepEqual(
      [done?.id, done?.status, done?.filled, done?.total],
      [stop.id, 'filled', '20', null],
    );
    assert.equal(await held(buyer.token, 'USDT'), '0');
  });

  test('orders.get answers an order in any state; cancel tells an unknown order from a closed one', async () => {
    const account = await trader({ USDT: '100' });
    const other = await trader({ USDT: '100' });
    const order = await place(account.token, {
      pair: 'SOL_USDT',
      side: 'buy',
      type: 'limit',
      price: '10',
      amount: '1',
      clientOrderId: 'get-me',
    });
    const byId = await ok(app, 'orders.get', { id: order.id }, { token: account.token });
    assert.deepEqual(byId.order, order);
    const byClientId = await ok(
      app,
      'orders.get',
      { clientOrderId: 'get-me' },
      { token: account.token },
    );
    assert.equal(byClientId.order.id, order.id);
    await ok(app, 'orders.cancel', { clientOrderId: 'get-me' }, { token: account.token });
    const cancelled = await ok(app, 'orders.get', { id: order.id }, { token: account.token });
    assert.equal(cancelled.order.status, 'cancelled');

    const refused = async (
      method: 'orders.get' | 'orders.cancel',
      params: { id?: number; clientOrderId?: string },
      token: string,
    ) => {
      const reply = await call(app, method, params, { token });
      assert.equal(reply.status, false);
      return reply.status ? null : [reply.error_code, reply.error_msg];
    };
    assert.deepEqual(await refused('orders.cancel', { id: order.id }, account.token), [
      'order.closed',
      `Order ${order.id} is already cancelled: there is nothing left to cancel.`,
    ]);
    assert.deepEqual(await refused('orders.cancel', { clientOrderId: 'get-me' }, account.token), [
      'order.closed',
      'Order with client order id "get-me" is already cancelled: there is nothing left to cancel.',
    ]);
    // Another account's order is no order of the caller's, for cancel and get alike.
    for (const method of ['orders.get', 'orders.cancel'] as const) {
      assert.deepEqual(await refused(method, { id: order.id }, other.token), [
        'order.notFound',
        `You have no order ${order.id}.`,
      ]);
      assert.deepEqual(await refused(method, { clientOrderId: 'nope' }, account.token), [
        'order.notFound',
        'You have no order with client order id "nope".',
      ]);
      assert.equal(
        (await refused(method, { id: order.id, clientOrderId: 'get-me' }, account.token))?.[0],
        'order.refRequired',
      );
      assert.equal((await refused(method, {}, account.token))?.[0], 'order.refRequired');
    }
  });

  test('orders carry their fees so far, in what they receive, their mean price and last fill', async () => {
    const maker = await trader({ BNB: '1' });
    const ask = { pair: 'BNB_USDT', side: 'sell', type: 'limit' } as const;
    const first = await place(maker.token, { ...ask, price: '300', amount: '0.1' });
    const second = await place(maker.token, { ...ask, price: '301', amount: '0.2' });
    assert.deepEqual(
      [first.fee, first.feeAsset, first.averagePrice, first.lastFillAt],
      ['0', 'USDT', null, null],
    );
    const taker = await trader({ USDT: '1000' });
    const bought = await place(taker.token, {
      pair: 'BNB_USDT',
      side: 'buy',
      type: 'market',
      amount: '0.3',
    });
    // 0.1 at 300 and 0.2 at 301: 90.2 USDT for 0.3, a mean of 300.6666… cut at 6 decimals; the
    // 0.1 % taker fee is in BNB, 0.0001 and 0.0002.
    assert.deepEqual(
      [bought.filledTotal, bought.averagePrice, bought.fee, bought.feeAsset],
      ['90.2', '300.666666', '0.0003', 'BNB'],
    );
    assert.equal(typeof bought.lastFillAt, 'number');
    assert.ok((bought.lastFillAt ?? 0) >= Date.parse(bought.createdAt));
    const got = async (id: number) =>
      (await ok(app, 'orders.get', { id }, { token: maker.token })).order;
    const [firstNow, secondNow] = [await got(first.id), await got(second.id)];
    assert.deepEqual(
      [firstNow.fee, firstNow.feeAsset, firstNow.averagePrice, firstNow.lastFillAt],
      ['0.03', 'USDT', '300', bought.lastFillAt],
    );
    assert.deepEqual([secondNow.fee, secondNow.averagePrice], ['0.0602', '301']);
    const [history] = (await ok(app, 'orders.getHistory', {}, { token: taker.token })).orders;
    assert.deepEqual(history, bought);
  });

  test('a client order id again answers its order as a replay, or is refused with other parameters', async () => {
    const account = await trader({ USDT: '100' });
    const order = {
      pair: 'SOL_USDT',
      side: 'buy',
      type: 'limit',
      price: '20',
      amount: '1',
      clientOrderId: 'again',
    } as const;
    const first = await ok(app, 'orders.place', order, { token: account.token });
    assert.equal(first.replay, false);
    const again = await ok(app, 'orders.place', order, { token: account.token });
    assert.deepEqual([again.replay, again.order], [true, first.order]);
    assert.equal(await held(account.token, 'USDT'), '20', 'held once');

    for (const other of [
      { price: '21' },
      { amount: '2' },
      { pair: 'BNB_USDT' },
      { postOnly: true },
    ]) {
      const reply = await call(
        app,
        'orders.place',
        { ...order, ...other },
        { token: account.token },
      );
      assert.deepEqual(reply.status ? null : [reply.error_code, reply.error_msg, reply.param], [
        'order.clientOrderIdReused',
        `Client order id "again" already names your order ${first.order.id}, placed with other parameters. Give a new order a new client order id.`,
        'clientOrderId',
      ]);
    }
    // Remembered whatever the order's state: a cancelled order is answered as it is now.
    await ok(app, 'orders.cancel', { id: first.order.id }, { token: account.token });
    const late = await ok(app, 'orders.place', order, { token: account.token });
    assert.deepEqual(
      [late.replay, late.order.id, late.order.status],
      [true, first.order.id, 'cancelled'],
    );
    assert.equal(await held(account.token, 'USDT'), '0');
    const open = await ok(app, 'orders.getOpen', {}, { token: account.token });
    assert.deepEqual(open.orders, []);

    // A market buy by amount names no total, so placing it again is the same order.
    const maker = await trader({ SOL: '1' });
    await place(maker.token, {
      pair: 'SOL_USDT',
      side: 'sell',
      type: 'limit',
      price: '20',
      amount: '1',
    });
    const buy = {
      pair: 'SOL_USDT',
      side: 'buy',
      type: 'market',
      amount: '0.5',
      clientOrderId: 'mkt',
    } as const;
    const bought = await ok(app, 'orders.place', buy, { token: account.token });
    const rebought = await ok(app, 'orders.place', buy, { token: account.token });
    assert.deepEqual([rebought.replay, rebought.order], [true, bought.order]);
  });

  test('own orders and trades page forward from a time, oldest first', async () => {
    const maker = await trader({ ETH: '1' });
    const taker = await trader({ USDT: '1000' });
    const ask = { pair: 'ETH_USDT', side: 'sell', type: 'limit', amount: '0.01' } as const;
    const asks = [];
    for (const price of ['1000', '1001', '1002']) {
      asks.push(await place(maker.token, { ...ask, price }));
      await place(taker.token, { pair: 'ETH_USDT', side: 'buy', type: 'market', amount: '0.01' });
    }
    // Each order and its trade a second apart, so the times below tell them apart.
    const t0 = Date.parse('2026-01-01T00:00:00Z');
    for (const [index, order] of asks.entries()) {
      const at = new Date(t0 + index * 1000);
      await db.updateTable('orders').set({ created_at: at }).where('id', '=', order.id).execute();
      await db
        .updateTable('trades')
        .set({ created_at: at })
        .where('maker_order_id', '=', order.id)
        .execute();
    }
    const history = async (params: { since?: number; limit?: number }) =>
      (await ok(app, 'orders.getHistory', params, { token: maker.token })).orders.map((o) => o.id);
    const ids = asks.map((order) => order.id);
    assert.deepEqual(await history({}), [...ids].reverse(), 'newest first without since');
    assert.deepEqual(await history({ since: t0 + 1000 }), ids.slice(1), 'oldest first from since');
    assert.deepEqual(await history({ since: t0 + 1000, limit: 1 }), ids.slice(1, 2));
    assert.deepEqual(await history({ since: t0 + 2001 }), []);

    const mine = async (params: { since?: number; limit?: number }) =>
      (await ok(app, 'trades.getMine', params, { token: maker.token })).trades.map(
        (t) => t.orderId,
      );
    assert.deepEqual(await mine({}), [...ids].reverse());
    assert.deepEqual(await mine({ since: t0 + 1000 }), ids.slice(1));
    assert.deepEqual(await mine({ since: t0, limit: 2 }), ids.slice(0, 2));
  });
});
