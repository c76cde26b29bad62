/**
 * An order that fills earlier in a batch is no longer open to the commands after it in that batch:
 * a cancel of it is refused as not open (the spot market answers it as closed), and the batch's
 * other commands commit.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { forEachDatabase } from '../../test/databases.ts';
import { fundedAccount, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import { DomainError } from '../errors/DomainError.ts';
import type { Database } from '../storage/db.ts';
import { keepAllFees } from './FeeSplit.ts';
import { Market } from './Market.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
  });
  after(() => app.close());

  test('a cancel behind the fill that ended its order, in one batch, finds it no longer open', async () => {
    const maker = await fundedAccount(app, db, { ETH: '1' });
    const taker = await fundedAccount(app, db, { USDT: '10000' });
    // A market of the test's own, so the three commands are queued in one turn: one batch.
    const market = await Market.open(db, { maker: '0', taker: '0' }, keepAllFees);
    const limit = {
      type: 'limit',
      timeInForce: 'GTC',
      postOnly: false,
      selfTrade: 'none',
    } as const;
    const resting = await market.place(maker.id, 'ETH_USDT', {
      ...limit,
      side: 'sell',
      priceTicks: 300_000,
      lots: 10_000,
    });
    const [fill, cancel, cancelAll] = await Promise.allSettled([
      market.place(taker.id, 'ETH_USDT', {
        ...limit,
        side: 'buy',
        priceTicks: 300_000,
        lots: 10_000,
      }),
      market.cancel(maker.id, { id: resting.id }),
      market.cancelAll(maker.id, 'ETH_USDT'),
    ]);
    assert.equal(fill.status === 'fulfilled' && fill.value.status, 'filled');
    assert.equal(cancel.status, 'rejected');
    assert.ok(cancel.status === 'rejected' && cancel.reason instanceof DomainError);
    assert.equal(cancel.reason.code, 'order.notFound');
    assert.deepEqual(cancelAll.status === 'fulfilled' && cancelAll.value, []);
    await market.settled();
  });
});
