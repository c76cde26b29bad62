/**
 * A server that owns several units of a spread market runs one batch for all of them: commands
 * queued on two pairs at one turn commit in one transaction (their rows share its id, `xmin`),
 * each unit numbered in its own epoch; a swap borrowing the books of another unit it owns fills
 * whole, that unit's own commands waiting for the next batch; and a unit another server took
 * meanwhile is left out of the batch (its commands refused with `market.moved`, to be
 * forwarded) without losing the other unit's.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PairSymbol } from '../../core/markets/pairs.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { fundedAccount, testConfig } from '../../test/serverTesting.ts';
import { auditSpot } from '../../test/spot/audit.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { keepAllFees } from './FeeSplit.ts';
import { JointBatches } from './JointBatches.ts';
import type { LentUnit } from './lending.ts';
import { Market } from './Market.ts';
import type { OrderGroup } from './OrderGroup.ts';
import { claimMarket } from './ownership.ts';
import { unitsOf } from './units.ts';

const FEES = { maker: '0', taker: '0' };
const BUY = {
  side: 'buy',
  type: 'limit',
  timeInForce: 'GTC',
  postOnly: false,
  selfTrade: 'none',
} as const;

/** The units of two pairs, owned by one server (this test) and joined, as SpotMarket does. */
async function ownedUnits(db: Database, pairs: readonly PairSymbol[]) {
  const joint = new JointBatches(db, keepAllFees);
  const markets = new Map<PairSymbol, Market>();
  for (const unit of unitsOf(true).filter((each) => pairs.includes(each.pairs[0] as PairSymbol))) {
    const owner = await claimMarket(db, unit.name);
    const market = await Market.open(db, FEES, keepAllFees, owner, null, unit);
    market.joinBatches(joint);
    markets.set(unit.pairs[0] as PairSymbol, market);
  }
  const of = (pair: PairSymbol) => markets.get(pair) as Market;
  return { joint, of };
}

/** A unit's books as lent to another unit's batch (as UnitMarket.ts lends its own). */
function lendingOf(market: Market): LentUnit {
  return {
    unit: market.unit.name,
    position: () => market.position,
    journal: () => market.journal(),
    behind: () => {},
  };
}

/** A swap of 0.1 BTC to 1 ETH as a group of two legs over the two pairs. */
function swap(userId: number): OrderGroup {
  return {
    userId,
    pairs: ['BTC_USDT', 'ETH_USDT'],
    clientOrderIds: ['swap:1', 'swap:2'],
    spends: ['BTC', 'USDT'],
    label: () => ({ own: 'Swap', shared: 'Swap' }),
    plan: () => [
      {
        pair: 'BTC_USDT',
        side: 'sell',
        lots: 10_000,
        limitTicks: 6_000_000,
        clientOrderId: 'swap:1',
        spends: { ticker: 'BTC', amount: '0.1' },
        receives: { ticker: 'USDT', amount: '6000' },
      },
      {
        pair: 'ETH_USDT',
        side: 'buy',
        lots: 10_000,
        limitTicks: 300_000,
        clientOrderId: 'swap:2',
        spends: { ticker: 'USDT', amount: '3000' },
        receives: { ticker: 'ETH', amount: '1' },
      },
    ],
    record: async () => {},
  };
}

/** The transaction that wrote each order (its row's xmin). */
async function writtenBy(db: Database, ids: readonly number[]): Promise<string[]> {
  const { rows } = await sql<{ xmin: string }>`select xmin::text as xmin from orders
    where id = any(${ids}::bigint[]) order by id`.execute(db);
  return rows.map((row) => row.xmin);
}

/** Each unit's batch count in its epoch. */
async function batchCounts(db: Database, units: readonly string[]): Promise<number[]> {
  const rows = await db
    .selectFrom('market_owners')
    .select(['market', 'batch'])
    .where('market', 'in', units)
    .orderBy('market')
    .execute();
  return rows.map((row) => row.batch);
}

forEachDatabase(
  (open) => {
    let db: Database;
    let app: FastifyInstance;

    before(async () => {
      db = await open();
      app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    });
    after(() => app.close());

    test('orders on two pairs owned by one server commit in one transaction, each unit numbered', async () => {
      const trader = await fundedAccount(app, db, { USDT: '10000' });
      const { of } = await ownedUnits(db, ['BTC_USDT', 'ETH_USDT']);
      const units = ['spot:BTC_USDT', 'spot:ETH_USDT'];
      const before = await batchCounts(db, units);
      // Queued at one turn, on two units: one batch.
      const [btc, eth] = await Promise.all([
        of('BTC_USDT').place(trader.id, 'BTC_USDT', { ...BUY, priceTicks: 100_000, lots: 1_000 }),
        of('ETH_USDT').place(trader.id, 'ETH_USDT', { ...BUY, priceTicks: 100_000, lots: 100 }),
      ]);
      const [first, second] = await writtenBy(db, [btc.id, eth.id]);
      assert.ok(first !== undefined);
      assert.equal(second, first);
      assert.deepEqual(
        await batchCounts(db, units),
        before.map((count) => count + 1),
      );
      // Each unit's orders take ids in its own lane.
      assert.notEqual(btc.id % 64, eth.id % 64);
    });

    test('a swap over two units owned here fills whole; the lent unit runs its own order apart', async () => {
      const maker = await fundedAccount(app, db, { USDT: '100000', ETH: '10' });
      const me = await fundedAccount(app, db, { BTC: '1', USDT: '1000' });
      const { of } = await ownedUnits(db, ['BTC_USDT', 'ETH_USDT']);
      for (const pair of ['BTC_USDT', 'ETH_USDT'] as const) {
        const other = pair === 'BTC_USDT' ? 'ETH_USDT' : 'BTC_USDT';
        of(pair).lendFrom((lent) => (lent === other ? lendingOf(of(other)) : null));
      }
      await of('BTC_USDT').place(maker.id, 'BTC_USDT', {
        ...BUY,
        priceTicks: 6_000_000,
        lots: 100_000,
      });
      const ask = await of('ETH_USDT').place(maker.id, 'ETH_USDT', {
        ...BUY,
        side: 'sell',
        priceTicks: 300_000,
        lots: 50_000,
      });
      // At one turn: the swap on BTC_USDT's unit borrowing ETH_USDT's books, and an order of
      // ETH_USDT's unit itself.
      const [legs, bid] = await Promise.all([
        of('BTC_USDT').placeGroup(swap(me.id)),
        of('ETH_USDT').place(me.id, 'ETH_USDT', { ...BUY, priceTicks: 100_000, lots: 100 }),
      ]);
      assert.deepEqual(
        legs.map((row) => [row.pair, row.status]),
        [
          ['BTC_USDT', 'filled'],
          ['ETH_USDT', 'filled'],
        ],
      );
      assert.equal(bid.status, 'new');
      // Both legs in one transaction; the unit whose books it borrowed ran its own apart.
      const [btcLeg, ethLeg] = await writtenBy(
        db,
        legs.map((row) => row.id),
      );
      assert.equal(ethLeg, btcLeg);
      assert.notEqual((await writtenBy(db, [bid.id]))[0], btcLeg);
      // ETH_USDT's unit matches on its books as the swap left them (read again in its next batch).
      await of('ETH_USDT').cancel(me.id, { id: bid.id });
      const [rest] = of('ETH_USDT').openOrders(maker.id, 'ETH_USDT');
      assert.equal(rest?.id, ask.id);
      assert.equal(rest?.filled, 10_000);
      assert.deepEqual(await auditSpot(db, '0'), []);
    });

    test('a unit another server took is left out of the batch; the other unit still commits', async () => {
      const trader = await fundedAccount(app, db, { USDT: '10000' });
      const { of } = await ownedUnits(db, ['BNB_USDT', 'XRP_USDT']);
      // Another server took XRP_USDT: its epoch moved on.
      await claimMarket(db, 'spot:XRP_USDT');
      const [bnb, xrp] = await Promise.allSettled([
        of('BNB_USDT').place(trader.id, 'BNB_USDT', { ...BUY, priceTicks: 100, lots: 10_000 }),
        of('XRP_USDT').place(trader.id, 'XRP_USDT', { ...BUY, priceTicks: 100, lots: 100 }),
      ]);
      assert.equal(xrp.status, 'rejected');
      assert.equal((xrp as PromiseRejectedResult).reason.code, 'market.moved');
      assert.ok(of('XRP_USDT').moved);
      assert.ok(bnb.status === 'fulfilled');
      const stored = await db
        .selectFrom('orders')
        .select(['id', 'pair'])
        .where('user_id', '=', trader.id)
        .execute();
      assert.deepEqual(stored, [{ id: bnb.value.id, pair: 'BNB_USDT' }]);
      // The unit left alone goes on: its next order commits too.
      const next = await of('BNB_USDT').place(trader.id, 'BNB_USDT', {
        ...BUY,
        priceTicks: 101,
        lots: 10_000,
      });
      assert.equal(next.status, 'new');
    });
  },
  { drivers: ['postgres'] },
);
