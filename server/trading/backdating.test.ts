/**
 * A past played alone (Market.alone): its commands trade at the time they carry, their trades
 * marked backdated, never at a time to come; anyone else's command waits until it ends and takes
 * the batch's clock, so it never meets a backdated one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { forEachDatabase } from '../../test/databases.ts';
import { fundedAccount, testConfig } from '../../test/serverTesting.ts';
import { auditSpot } from '../../test/spot/audit.ts';
import { createServer } from '../app.ts';
import { keepAllFees } from './FeeSplit.ts';
import { Market } from './Market.ts';
import type { OrderRow } from './orderRows.ts';

const LIMIT = { type: 'limit', timeInForce: 'GTC', postOnly: false, selfTrade: 'none' } as const;
const config = testConfig({ API_RATE_LIMIT: '0' });

forEachDatabase((open) => {
  test('backdated commands trade at their own time; another caller waits and takes the clock', async () => {
    const db = await open();
    const app = await createServer(config, db);
    try {
      const maker = await fundedAccount(app, db, { ETH: '2' });
      const taker = await fundedAccount(app, db, { USDT: '10000' });
      const other = await fundedAccount(app, db, { USDT: '10000' });
      // A market of the test's own; the server's stays idle.
      const market = await Market.open(db, { maker: '0', taker: '0' }, keepAllFees);
      const hourAgo = Date.now() - 3_600_000;
      let sentAt = 0;
      const sent: { order?: Promise<OrderRow> } = {};
      let answered = false;
      await market.alone(async (past) => {
        const sell = { ...LIMIT, side: 'sell', priceTicks: 300_000, lots: 20_000 } as const;
        await past.place(maker.id, 'ETH_USDT', sell, new Date(hourAgo));
        // Sent while the past plays, at the price the past's next order takes: it waits.
        sentAt = Date.now();
        const buy = { ...LIMIT, side: 'buy', priceTicks: 300_000, lots: 10_000 } as const;
        sent.order = market.place(other.id, 'ETH_USDT', buy);
        void sent.order.then(() => {
          answered = true;
        });
        await past.place(taker.id, 'ETH_USDT', buy, new Date(hourAgo + 60_000));
        await assert.rejects(
          past.place(taker.id, 'ETH_USDT', buy, new Date(Date.now() + 60_000)),
          /from the future/,
        );
        assert.equal(answered, false, 'the other caller waits for the past');
      });
      assert.equal((await sent.order)?.status, 'filled');

      const trades = await db
        .selectFrom('trades')
        .select(['taker_user_id', 'created_at', 'backdated'])
        .orderBy('id')
        .execute();
      assert.deepEqual(
        trades.map((trade) => [trade.taker_user_id, trade.backdated]),
        [
          [taker.id, true],
          [other.id, false],
        ],
      );
      const [backdated, live] = trades.map((trade) => new Date(trade.created_at).getTime());
      assert.equal(backdated, hourAgo + 60_000);
      assert.ok((live ?? 0) >= sentAt, 'the other order trades at the clock, after the past');
      const placed = await db
        .selectFrom('orders')
        .select('created_at')
        .where('user_id', '=', maker.id)
        .executeTakeFirstOrThrow();
      assert.equal(new Date(placed.created_at).getTime(), hourAgo);
      await market.settled();
      assert.deepEqual(await auditSpot(db, config.referralShare), []);
    } finally {
      await app.close();
    }
  });
});
