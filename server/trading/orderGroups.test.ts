import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { forEachDatabase } from '../../test/databases.ts';
import { fundedAccount, ok, testConfig, userBalance } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { keepAllFees } from './FeeSplit.ts';
import { Market } from './Market.ts';
import type { OrderGroup } from './OrderGroup.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
  });
  after(() => app.close());

  /** A group of a BTC sell and an ETH buy, as a swap's legs, with what the test says of them. */
  const group = (
    userId: number,
    ids: [string, string],
    ethLimit: number,
    recorded: number[][],
  ): OrderGroup => ({
    userId,
    clientOrderIds: ids,
    spends: ['BTC', 'USDT'],
    label: () => ({ own: 'Group', shared: 'Group' }),
    plan: () => [
      {
        pair: 'BTC_USDT',
        side: 'sell',
        lots: 10_000,
        limitTicks: 6_000_000,
        clientOrderId: ids[0],
        spends: { ticker: 'BTC', amount: '0.1' },
        receives: { ticker: 'USDT', amount: '6000' },
      },
      {
        pair: 'ETH_USDT',
        side: 'buy',
        lots: 10_000,
        limitTicks: ethLimit,
        clientOrderId: ids[1],
        spends: { ticker: 'USDT', amount: '3000' },
        receives: { ticker: 'ETH', amount: '1' },
      },
    ],
    record: async (_trx, rows) => {
      recorded.push(rows.map((row) => row.id));
    },
  });

  test('a group places every leg in one batch, or, when a later leg cannot fill, none', async () => {
    const maker = await fundedAccount(app, db, { USDT: '100000', ETH: '10' });
    for (const order of [
      { pair: 'BTC_USDT', side: 'buy', type: 'limit', price: '60000', amount: '1' },
      { pair: 'ETH_USDT', side: 'sell', type: 'limit', price: '3000', amount: '5' },
    ] as const) {
      await ok(app, 'orders.place', order, { token: maker.token });
    }
    // A market of the test's own over the books the API left, without fees, so what the legs
    // say they move is what they move.
    const fresh = await Market.open(db, { maker: '0', taker: '0' }, keepAllFees);
    const me = await fundedAccount(app, db, { BTC: '1' });
    const recorded: number[][] = [];

    // The ETH leg's limit is below every ask: the BTC leg fills, then the group is undone.
    await assert.rejects(
      fresh.placeGroup(group(me.id, ['g:1', 'g:2'], 299_999, recorded)),
      /leg .* did not fill/,
    );
    assert.deepEqual(recorded, []);
    assert.deepEqual(await userBalance(db, me.id, 'BTC'), { available: '1', held: '0' });
    assert.equal(
      (await db.selectFrom('orders').select('id').where('user_id', '=', me.id).execute()).length,
      0,
    );
    // The books were rebuilt from the database (once the failed batch is done): the bid is whole.
    await fresh.settled();
    assert.deepEqual(fresh.book('BTC_USDT').depth(1).bids, [
      { priceTicks: 6_000_000, lots: 100_000, orders: 1 },
    ]);

    // Within its limit it fills, its record written with the legs; placing it again returns them.
    const rows = await fresh.placeGroup(group(me.id, ['g:3', 'g:4'], 300_000, recorded));
    assert.deepEqual(
      rows.map((row) => row.status),
      ['filled', 'filled'],
    );
    assert.deepEqual(recorded, [rows.map((row) => row.id)]);
    const again = await fresh.placeGroup(group(me.id, ['g:3', 'g:4'], 300_000, recorded));
    assert.deepEqual(
      again.map((row) => row.id),
      rows.map((row) => row.id),
    );
    assert.equal(recorded.length, 1);
    assert.deepEqual(await userBalance(db, me.id, 'BTC'), { available: '0.9', held: '0' });
    assert.deepEqual(await userBalance(db, me.id, 'ETH'), { available: '1', held: '0' });
    assert.deepEqual(await userBalance(db, me.id, 'USDT'), { available: '3000', held: '0' });
    await fresh.settled();
  });
});
