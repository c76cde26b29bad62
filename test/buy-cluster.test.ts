/**
 * A card purchase across two servers on one PostgreSQL database: quoted and created through the
 * server that forwards orders (its quote read from its replica of the books), paid on the other
 * server's payment page, credited once, and seen credited from either server.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../server/app.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { forEachDatabase, scratchPostgres } from './databases.ts';
import type { ScratchDatabase } from './postgres.ts';
import { call, fundedAccount, ok, signUp, testConfig, userBalance } from './serverTesting.ts';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ada Lovelace' };

forEachDatabase(
  () => {
    let scratch: ScratchDatabase;
    const dbs: Database[] = [];
    const apps: FastifyInstance[] = [];
    const bases: string[] = [];

    before(async () => {
      scratch = await scratchPostgres();
      for (let i = 0; i < 2; i++) {
        const db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
        dbs.push(db);
        // One after the other: the first takes the market, the second follows.
        const app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
        apps.push(app);
        bases.push(await app.listen({ host: '127.0.0.1', port: 0 }));
      }
    });
    after(async () => {
      for (const app of apps) await app.close().catch(() => {});
      for (const db of dbs) await db.destroy();
      await scratch.drop();
    });

    test('created through the follower, paid on the owner, credited once and seen from both', async () => {
      const [owner, follower] = apps as [FastifyInstance, FastifyInstance];
      const [db] = dbs as [Database];
      const seller = await fundedAccount(owner, db, { BTC: '1' });
      await ok(
        owner,
        'orders.place',
        { pair: 'BTC_USDT', side: 'sell', type: 'limit', price: '50000', amount: '0.1' },
        { token: seller.token },
      );
      const { token, user } = await signUp(follower);
      // The follower quotes from its replica, once the owner's order has reached it.
      for (let tries = 0; ; tries++) {
        const quote = await call(
          follower,
          'buy.quote',
          { asset: 'BTC', usdAmount: '100' },
          { token },
        );
        if (quote.status) break;
        assert.ok(tries < 200, `no quote on the follower: ${quote.error_msg}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const { purchase } = await ok(
        follower,
        'buy.create',
        { asset: 'BTC', usdAmount: '100', idempotencyKey: `cluster-buy-${process.pid}` },
        { token },
      );
      assert.equal(purchase.status, 'awaitingPayment');
      const paid = await fetch(`${bases[0]}${purchase.paymentUrl}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(CARD).toString(),
        redirect: 'manual',
      });
      assert.equal(paid.status, 303);
      for (const app of [owner, follower]) {
        const { purchases } = await ok(app, 'buy.getMine', {}, { token });
        assert.equal(purchases[0]?.status, 'credited');
      }
      const credited = await userBalance(db, user.id, 'BTC');
      assert.equal(credited.available, purchase.amount);
      // Paying again on the follower's page changes nothing.
      const again = await fetch(`${bases[1]}${purchase.paymentUrl}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(CARD).toString(),
        redirect: 'manual',
      });
      assert.equal(again.status, 410);
      assert.deepEqual(await userBalance(db, user.id, 'BTC'), credited);
    });
  },
  { drivers: ['postgres'] },
);
