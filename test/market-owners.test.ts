/**
 * Several servers on one PostgreSQL database: exactly one matches the spot market, the others
 * forward to it, and when the one that matches loses its lock another takes over, while the old
 * one commits nothing more. Two servers in this process, each with a pool of its own, with the
 * market one unit (`MARKET_SPREAD=off`); spread, cluster-spread.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { PAIR_SYMBOLS, type PairSymbol } from '../core/markets/pairs.ts';
import type { PlaceOrderParams } from '../core/protocol/index.ts';
import type { Database } from '../server/storage/db.ts';
import { Market } from '../server/trading/Market.ts';
import { bookDepth } from '../server/trading/marketData.ts';
import { claimMarket, lockNameOf, SPOT_MARKET } from '../server/trading/ownership.ts';
import type { SpotMarket } from '../server/trading/SpotMarket.ts';
import { InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { fundedAccount, ok, testConfig } from './serverTesting.ts';
import { auditSpot } from './spot/audit.ts';

const config = testConfig({ API_RATE_LIMIT: '0' });
const keepAllFees = { postings: async () => [] };

/** The connection holding the market's lock, the server it belongs to, and the market's epoch. */
async function ownerNow(db: Database) {
  const { rows } = await sql<{ pid: number; server: string }>`
    select l.pid, a.application_name as server from pg_locks l join pg_stat_activity a using (pid)
    where l.locktype = 'advisory' and l.granted
      and l.database = (select oid from pg_database where datname = current_database())
      and l.objid::bigint = (hashtext(${lockNameOf(SPOT_MARKET)})::bigint & 4294967295)`.execute(
    db,
  );
  const owner = await db
    .selectFrom('market_owners')
    .select('epoch')
    .where('market', '=', SPOT_MARKET)
    .executeTakeFirst();
  return { pid: rows[0]?.pid ?? null, server: rows[0]?.server, epoch: owner?.epoch ?? null };
}

async function until(what: string, check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(50);
  }
  assert.fail(`never happened: ${what}`);
}

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let dbs: Database[] = [];
    let apps: FastifyInstance[] = [];

    before(async () => {
      cluster = await InProcessServers.create();
      // Each server's connections carry its name, to tell which one holds the lock.
      for (let i = 0; i < 2; i++) {
        await cluster.start({ name: `server${i}`, env: { MARKET_SPREAD: 'off' } });
      }
      apps = cluster.servers.map((server) => server.app);
      dbs = cluster.servers.map((server) => server.db);
    });
    after(() => cluster.stop());

    test('orders through both servers land once, with ids that never collide, and match', async () => {
      const [first, second] = apps as [FastifyInstance, FastifyInstance];
      const [db] = dbs as [Database];
      const seller = await fundedAccount(first, db, { BTC: '10' });
      const buyer = await fundedAccount(second, db, { USDT: '1000000' });
      const sell = (i: number): PlaceOrderParams => ({
        pair: 'BTC_USDT',
        side: 'sell',
        type: 'limit',
        price: String(60_000 + i),
        amount: '0.01',
        clientOrderId: `s${i}`,
      });
      const buy = (i: number): PlaceOrderParams => ({
        pair: 'BTC_USDT',
        side: 'buy',
        type: 'limit',
        price: String(60_000 + i),
        amount: '0.01',
        clientOrderId: `b${i}`,
      });
      const placed = await Promise.all([
        ...Array.from({ length: 20 }, (_, i) =>
          ok(first, 'orders.place', sell(i), { token: seller.token }),
        ),
        ...Array.from({ length: 20 }, (_, i) =>
          ok(second, 'orders.place', buy(i), { token: buyer.token }),
        ),
      ]);
      const ids = placed.map(({ order }) => order.id);
      assert.equal(new Set(ids).size, 40, 'every order has an id of its own');
      const stored = await db.selectFrom('orders').select(['id', 'client_order_id']).execute();
      assert.equal(stored.length, 40, 'every order landed once');
      assert.deepEqual(new Set(stored.map((row) => row.id)), new Set(ids));
      const trades = await db.selectFrom('trades').select('id').execute();
      assert.ok(trades.length > 0, 'the two servers traded on one book');

      // The follower reads what it just placed, and the books as the owner left them.
      const rest = await ok(
        second,
        'orders.place',
        { ...buy(0), price: '50000', clientOrderId: 'rest' },
        { token: buyer.token },
      );
      const open = await ok(second, 'orders.getOpen', { pair: 'BTC_USDT' }, { token: buyer.token });
      assert.ok(open.orders.some((order) => order.id === rest.order.id));
      // Placing the same client order id again, through the other server, answers the same order.
      const again = await ok(
        first,
        'orders.place',
        { ...buy(0), price: '50000', clientOrderId: 'rest' },
        { token: buyer.token },
      );
      assert.equal(again.order.id, rest.order.id);
      // A refusal travels back as the same catalogued error.
      const refused = await ok(
        first,
        'orders.cancel',
        { id: 999_999 },
        { token: buyer.token },
      ).then(
        () => null,
        (error: Error) => error.message,
      );
      assert.match(String(refused), /no order 999999/);
      assert.deepEqual(await auditSpot(db, config.referralShare), []);
    });

    test('when the owner loses its lock the other takes over, and both keep taking orders', async () => {
      const [db] = dbs as [Database];
      const before = await ownerNow(db);
      assert.ok(before.pid !== null && before.epoch !== null);
      assert.equal(before.server, 'server0', 'the first server to start took the market');
      await sql`select pg_terminate_backend(${before.pid})`.execute(db);
      await until('the other server takes the market', async () => {
        const now = await ownerNow(db);
        return now.server === 'server1' && now.epoch === (before.epoch ?? 0) + 1;
      });
      // The new owner's books (built from its replica when it held the last batch) are the
      // database's, level for level.
      const fresh = await Market.open(db, config.fees, keepAllFees);
      const stored = { book: (pair: PairSymbol) => fresh.book(pair) } as unknown as SpotMarket;
      for (const pair of PAIR_SYMBOLS) {
        const { book } = await ok(apps[1] as FastifyInstance, 'markets.getBook', {
          pair,
          depth: 500,
        });
        const expected = bookDepth(stored, pair, 500);
        assert.deepEqual([book.bids, book.asks], [expected.bids, expected.asks], pair);
      }
      const trader = await fundedAccount(apps[0] as FastifyInstance, db, { USDT: '100000' });
      const count = async () =>
        (
          await db
            .selectFrom('orders')
            .select((o) => o.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n;
      const ordersBefore = Number(await count());
      // The old owner, whether it noticed yet or not, and the new one both take orders.
      for (const app of apps) {
        for (let i = 0; i < 3; i++) {
          await ok(
            app,
            'orders.place',
            { pair: 'ETH_USDT', side: 'buy', type: 'limit', price: '1000', amount: '0.01' },
            { token: trader.token },
          );
        }
      }
      assert.equal(Number(await count()), ordersBefore + 6);
      assert.deepEqual(await auditSpot(db, config.referralShare), []);
    });
  },
  { drivers: ['postgres'] },
);

forEachDatabase(
  (open) => {
    test('a market whose epoch moved on commits no further batch', async () => {
      const db = await open();
      const owner = await claimMarket(db, SPOT_MARKET);
      const market = await Market.open(db, config.fees, keepAllFees, owner);
      const draft = { side: 'buy', type: 'limit', priceTicks: 1, lots: 1 } as const;
      // Another server took the market.
      await claimMarket(db, SPOT_MARKET);
      for (let i = 0; i < 2; i++) {
        // The fence comes before anything else of the batch: no account is even looked up.
        await assert.rejects(market.place(1, 'BTC_USDT', draft), { code: 'market.moved' });
      }
      assert.ok(market.moved);
      const orders = await db.selectFrom('orders').select('id').execute();
      assert.deepEqual(orders, []);
    });
  },
  { drivers: ['postgres'] },
);
