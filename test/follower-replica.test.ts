/**
 * A follower's replica of the spot market, on two servers sharing one PostgreSQL database: a
 * small batch's news carries its rows and the follower takes them as they are, a batch too large
 * for one notification is read back by id, and either way the follower's books and open orders
 * are the owner's, and the database's.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { PlaceOrderParams } from '../core/protocol/index.ts';
import { EventBus } from '../server/events/EventBus.ts';
import type { ServerEvents } from '../server/events/ServerEvents.ts';
import type { Database } from '../server/storage/db.ts';
import { toWire } from '../server/trading/orderRows.ts';
import { InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { fundedAccount, ok } from './serverTesting.ts';

type News = ServerEvents['market.committed'];

const PAIR = 'BTC_USDT';

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let owner: FastifyInstance;
    let follower: FastifyInstance;
    let db: Database;
    // The follower's bus is the test's too: it shows the news that reached it.
    const followerBus = new EventBus<ServerEvents>();
    const heard: News[] = [];

    before(async () => {
      cluster = await InProcessServers.create();
      ({ app: owner, db } = await cluster.start({ name: 'replica0' }));
      ({ app: follower } = await cluster.start({
        name: 'replica1',
        options: { events: followerBus },
      }));
      followerBus.subscribe('market.committed', (news) => heard.push(news));
    });
    after(() => cluster.stop());

    const place = (token: string, order: Omit<PlaceOrderParams, 'pair'>) =>
      ok(owner, 'orders.place', { pair: PAIR, ...order }, { token });

    /**
     * An order through the follower: its answer waits until the follower's replica holds the
     * batch that placed it, and so every batch before.
     */
    const caughtUp = (token: string) =>
      ok(
        follower,
        'orders.place',
        { pair: 'ETH_USDT', side: 'buy', type: 'limit', price: '1000', amount: '0.01' },
        { token },
      );

    /** The follower answers as the owner does, from its replica, and both as the database. */
    const sameEverywhere = async (tokens: { token: string; id: number }[]) => {
      const depth = { pair: PAIR, depth: 100 };
      const [ownerBook, followerBook] = await Promise.all(
        [owner, follower].map((app) => ok(app, 'markets.getBook', depth)),
      );
      // Level for level (each server numbers its own book's changes).
      const levels = (answer: typeof ownerBook) => [answer?.book.bids, answer?.book.asks];
      assert.deepEqual(
        levels(followerBook),
        levels(ownerBook),
        "the follower's book is the owner's",
      );
      for (const { token, id } of tokens) {
        const stored = await db
          .selectFrom('orders')
          .selectAll()
          .where('user_id', '=', id)
          .where('status', 'in', ['new', 'partiallyFilled'])
          .orderBy('id')
          .execute();
        for (const app of [owner, follower]) {
          const open = await ok(app, 'orders.getOpen', {}, { token });
          assert.deepEqual(open.orders, stored.map(toWire), 'open orders as stored');
        }
      }
    };

    test('small batches travel with their rows, and the replica is the owner\u2019s', async () => {
      const maker = await fundedAccount(owner, db, { BTC: '10' });
      const taker = await fundedAccount(owner, db, { USDT: '1000000' });
      const sells = [];
      for (let i = 0; i < 5; i++) {
        const price = String(60_000 + i);
        const clientOrderId = `ask-${i}`;
        sells.push(
          await place(maker.token, {
            side: 'sell',
            type: 'limit',
            price,
            amount: '0.01',
            clientOrderId,
          }),
        );
      }
      const [, , , , fifth] = sells;
      assert.ok(fifth !== undefined);
      await ok(owner, 'orders.cancel', { id: fifth.order.id }, { token: maker.token });
      // One ask filled, one partly: two trades in one batch.
      await place(taker.token, { side: 'buy', type: 'limit', price: '60001', amount: '0.015' });
      await place(taker.token, {
        side: 'buy',
        type: 'stopLimit',
        price: '70000',
        stopPrice: '69000',
        amount: '0.01',
      });
      await place(taker.token, { side: 'buy', type: 'limit', price: '59000', amount: '0.02' });
      await caughtUp(taker.token);
      const small = heard.filter((news) => news.orders.length > 0);
      assert.ok(small.length >= 8, 'the follower heard every batch');
      assert.ok(
        small.every((news) => news.parts === 1 && news.rows !== null),
        'each came with its rows',
      );
      assert.ok(small.some((news) => (news.rows?.trades.length ?? 0) === 2));
      await sameEverywhere([maker, taker]);
    });

    test('a batch too large to carry is read back, and the replica is still the owner\u2019s', async () => {
      const maker = await fundedAccount(owner, db, { BTC: '10' });
      const taker = await fundedAccount(owner, db, { USDT: '1000000' });
      for (let i = 0; i < 60; i++) {
        const price = String(61_000 + i);
        await place(maker.token, { side: 'sell', type: 'limit', price, amount: '0.01' });
      }
      heard.length = 0;
      // One buy takes fifty-nine asks and part of the last: 61 orders and 60 trades in a batch.
      const sweep = await place(taker.token, {
        side: 'buy',
        type: 'limit',
        price: '62000',
        amount: '0.595',
      });
      await caughtUp(taker.token);
      const big = heard.filter((news) => news.orders.some(([id]) => id === sweep.order.id));
      assert.equal(big.length, 1, 'the sweep is one part of the news');
      assert.ok(big[0] !== undefined && big[0].parts > 1, 'the sweep came in parts');
      const parts = heard.filter((news) => news.batch === big[0]?.batch);
      assert.equal(
        parts.reduce((sum, news) => sum + news.orders.length, 0),
        61,
      );
      assert.ok(
        parts.every((news) => news.rows === null),
        'without its rows',
      );
      await sameEverywhere([maker, taker]);
    });
  },
  { drivers: ['postgres'] },
);
