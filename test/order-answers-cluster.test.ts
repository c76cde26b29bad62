/**
 * What a trading program reads through a server that forwards its orders, on one PostgreSQL
 * database with the server that matches: the same fees, last fill and replays as the owner
 * answers, and the same refusals of a reused client order id and of a closed order.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { SpotOrder } from '../core/protocol/index.ts';
import type { Database } from '../server/storage/db.ts';
import { InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { call, fundedAccount, ok } from './serverTesting.ts';

/** Checks until `check` holds, then returns; fails naming `what` after 15 s. */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail(`never happened: ${what}`);
}

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let apps: FastifyInstance[] = [];
    let db: Database;

    before(async () => {
      cluster = await InProcessServers.create();
      for (let i = 0; i < 2; i++) await cluster.start();
      apps = cluster.servers.map((server) => server.app);
      db = cluster.servers[0]?.db as Database;
    });
    after(() => cluster.stop());

    test('fees, fills, replays and closed orders answer alike through the follower', async () => {
      const [owner, follower] = apps as [FastifyInstance, FastifyInstance];
      const ask = { pair: 'BNB_USDT', side: 'sell', type: 'limit', price: '300' } as const;
      const maker = await fundedAccount(owner, db, { BNB: '1' });
      await ok(owner, 'orders.place', { ...ask, amount: '0.1' }, { token: maker.token });
      const trader = await fundedAccount(owner, db, { USDT: '1000' });
      const bid = {
        pair: 'BNB_USDT',
        side: 'buy',
        type: 'limit',
        price: '300',
        amount: '0.3',
        clientOrderId: 'through-the-follower',
      } as const;
      const placed = await ok(follower, 'orders.place', bid, { token: trader.token });
      assert.deepEqual(
        [placed.replay, placed.order.status, placed.order.fee, placed.order.feeAsset],
        [false, 'partiallyFilled', '0.0001', 'BNB'],
      );
      assert.equal(typeof placed.order.lastFillAt, 'number');
      const openOn = async (app: FastifyInstance) =>
        (await ok(app, 'orders.getOpen', {}, { token: trader.token })).orders;
      assert.deepEqual(await openOn(follower), [placed.order], "the follower's replica");
      assert.deepEqual(await openOn(owner), [placed.order], "the owner's memory");

      const again = await ok(follower, 'orders.place', bid, { token: trader.token });
      assert.deepEqual([again.replay, again.order], [true, placed.order]);
      const reused = await call(
        follower,
        'orders.place',
        { ...bid, amount: '0.4' },
        { token: trader.token },
      );
      assert.equal(reused.status ? null : reused.error_code, 'order.clientOrderIdReused');

      // The resting buy fills on the owner; the follower's replica takes its fee and last fill.
      await ok(owner, 'orders.place', { ...ask, amount: '0.2' }, { token: maker.token });
      let filled: SpotOrder | undefined;
      await until('the fill reaches the follower', async () => {
        filled = (
          await ok(follower, 'orders.get', { id: placed.order.id }, { token: trader.token })
        ).order;
        return filled.status === 'filled';
      });
      assert.deepEqual([filled?.filled, filled?.fee], ['0.3', '0.0003']);
      assert.ok((filled?.lastFillAt ?? 0) >= (placed.order.lastFillAt ?? 0));
      await until(
        'the replica drops the filled order',
        async () => (await openOn(follower)).length === 0,
      );
      const closed = await call(
        follower,
        'orders.cancel',
        { clientOrderId: bid.clientOrderId },
        { token: trader.token },
      );
      assert.equal(closed.status ? null : closed.error_code, 'order.closed');
      const unknown = await call(
        follower,
        'orders.cancel',
        { id: 999_999 },
        { token: trader.token },
      );
      assert.equal(unknown.status ? null : unknown.error_code, 'order.notFound');
    });
  },
  { drivers: ['postgres'] },
);
