/**
 * users.getInfo on two servers sharing one PostgreSQL database: what each keeps in memory (the
 * site config, the price charts) follows a settings change and a trade made through the other
 * server on its very next call.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/storage/db.ts';
import { InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { tradeAway } from './priceMove.ts';
import { fundedAccount, ok } from './serverTesting.ts';

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let owner: FastifyInstance;
    let other: FastifyInstance;
    let db: Database;

    before(async () => {
      cluster = await InProcessServers.create();
      const first = await cluster.start({ env: { SOCIAL_TWITTER: 'https://x.com/exchange' } });
      const second = await cluster.start({ env: { SOCIAL_TWITTER: 'https://x.com/exchange' } });
      [owner, other, db] = [first.app, second.app, first.db];
    });
    after(() => cluster.stop());

    test('a settings change is seen by the other server on its next call', async () => {
      const { token } = await fundedAccount(other, db, {});
      const before = await ok(other, 'users.getInfo', {}, { token });
      assert.deepEqual(before.config.live, { is_enabled: false });
      await db
        .insertInto('settings')
        .values({ key: 'live', value: JSON.stringify({ is_enabled: true }) })
        .execute();
      const changed = await ok(other, 'users.getInfo', {}, { token });
      assert.deepEqual(changed.config.live, { is_enabled: true });
    });

    test("a trade on the market's server moves the other's balance and chart on its next call", async () => {
      const holder = await fundedAccount(other, db, { LTC: '2' });
      const before = await ok(other, 'users.getInfo', {}, { token: holder.token });
      const price = await tradeAway(owner, db, before.user.balance / 2);
      const after = await ok(other, 'users.getInfo', {}, { token: holder.token });
      assert.equal(after.user.balance, 2 * Number(price));
      assert.equal(after.user.percentChange, 0);
    });
  },
  { drivers: ['postgres'] },
);
