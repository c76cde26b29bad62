/**
 * An operator chooses which servers may match the spot market (MARKET_MATCHING): one that may
 * not forwards every order, and while no server may, orders are refused at once with a clear
 * message rather than left waiting.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { PlaceOrderParams } from '../core/protocol/index.ts';
import { createServer } from '../server/app.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import type { ScratchDatabase } from './postgres.ts';
import { call, fundedAccount, ok, testConfig } from './serverTesting.ts';

const order: PlaceOrderParams = {
  pair: 'BTC_USDT',
  side: 'buy',
  type: 'limit',
  price: '50000',
  amount: '0.01',
};

forEachDatabase(
  () => {
    let scratch: ScratchDatabase;
    const dbs: Database[] = [];
    const apps: FastifyInstance[] = [];
    const server = async (matching: 'on' | 'off') => {
      const db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
      dbs.push(db);
      const app = await createServer(
        testConfig({ API_RATE_LIMIT: '0', MARKET_MATCHING: matching }),
        db,
      );
      apps.push(app);
      return { app, db };
    };

    before(async () => {
      scratch = await scratchPostgres();
    });
    after(async () => {
      for (const app of apps) await app.close().catch(() => {});
      for (const db of dbs) await db.destroy();
      await scratch.drop();
    });

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
      const owner = await front.db
        .selectFrom('market_owners')
        .select('epoch')
        .where('market', '=', 'spot')
        .execute();
      assert.deepEqual(owner, [{ epoch: 1 }], 'the server that may match took the market, once');
    });
  },
  { drivers: ['postgres'] },
);
