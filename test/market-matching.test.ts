/**
 * An operator chooses which servers may match the spot market (MARKET_MATCHING): one that may
 * not forwards every order, and while no server may, orders are refused at once with a clear
 * message rather than left waiting.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { PlaceOrderParams } from '../core/protocol/index.ts';
import { unitsOf } from '../server/trading/units.ts';
import { InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { call, fundedAccount, ok } from './serverTesting.ts';

const order: PlaceOrderParams = {
  pair: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  price: '50000',
  amount: '0.01',
};

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    const server = (matching: 'on' | 'off') =>
      cluster.start({ env: { MARKET_MATCHING: matching } });

    before(async () => {
      cluster = await InProcessServers.create();
    });
    after(() => cluster.stop());

    test('a server that may not match forwards; with no server that may, orders are refused at once', async () => {
      const front = await server('off');
      const trader = await fundedAccount(front.app, front.db, { USDT: '10000' });
      const paused = await call(front.app, 'orders.place', order, { token: trader.token });
      assert.equal(paused.status, false);
      assert.equal(paused.error_code, 'market.paused');
      assert.match(paused.error_msg, /nothing was placed/);

      await server('on');
      const placed = await ok(
        front.app,
        'orders.place',
        { ...order, clientOrderId: 'through-the-front' },
        { token: trader.token },
      );
      assert.equal(placed.order.clientOrderId, 'through-the-front');
      // The market spread (the default), the one server that may match takes every pair's unit.
      const owners = await front.db
        .selectFrom('market_owners')
        .select(['market', 'epoch'])
        .orderBy('market')
        .execute();
      assert.deepEqual(
        owners,
        unitsOf(true)
          .map((unit) => ({ market: unit.name, epoch: 1 }))
          .sort((a, b) => a.market.localeCompare(b.market)),
        'the server that may match took every unit of the market, once',
      );
    });
  },
  { drivers: ['postgres'] },
);
