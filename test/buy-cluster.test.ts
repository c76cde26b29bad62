/**
 * A card purchase across two servers on one PostgreSQL database: quoted and created through the
 * server that forwards orders (its quote read from its replica of the books), paid on the other
 * server's payment page, credited once, and seen credited from either server.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/storage/db.ts';
import { InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { call, fundedAccount, ok, signUp, userBalance } from './serverTesting.ts';

const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ada Lovelace' };

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let dbs: Database[] = [];
    let apps: FastifyInstance[] = [];
    let bases: string[] = [];

    before(async () => {
      cluster = await InProcessServers.create();
      for (let i = 0; i < 2; i++) await cluster.start({ listen: true });
      apps = cluster.servers.map((server) => server.app);
      dbs = cluster.servers.map((server) => server.db);
      bases = cluster.servers.map((server) => server.base);
    });
    after(() => cluster.stop());

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
