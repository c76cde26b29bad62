/**
 * A server that owns several units of a spread market runs one batch for all of them: commands
 * queued on two pairs at one turn commit in one transaction (their rows share its id, `xmin`),
 * each unit numbered in its own epoch; and a unit another server took meanwhile is left out of
 * the batch (its commands refused with `market.moved`, to be forwarded) without losing the
 * other unit's.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PairSymbol } from '../../core/markets/pairs.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { fundedAccount, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { keepAllFees } from './FeeSplit.ts';
import { JointBatches } from './JointBatches.ts';
import { Market } from './Market.ts';
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
