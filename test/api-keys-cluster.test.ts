/**
 * API keys across two servers on one PostgreSQL database: a key revoked through one is refused
 * by the other at its next request, a request accepted by one is a replay to the other, and the
 * key's weighted budget is one budget whichever server counts it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { MAX_RECV_WINDOW_MS } from '../core/protocol/apiKeys.ts';
import type { Database } from '../server/storage/db.ts';
import { hmacKey, signedCall, signedHeaders } from './apiKeyTesting.ts';
import { InProcessServers } from './cluster/inProcess.ts';
import { forEachDatabase } from './databases.ts';
import { fundedAccount, ok, post } from './serverTesting.ts';

forEachDatabase(
  () => {
    let cluster: InProcessServers;
    let apps: [FastifyInstance, FastifyInstance];
    let db: Database;

    before(async () => {
      cluster = await InProcessServers.create();
      for (let i = 0; i < 2; i++) await cluster.start({ env: { API_KEY_RATE_LIMIT: '6' } });
      apps = cluster.servers.map((server) => server.app) as [FastifyInstance, FastifyInstance];
      db = cluster.servers[0]?.db as Database;
    });
    after(() => cluster.stop());

    test('a key revoked through one server is refused by the other at once', async () => {
      const [one, two] = apps;
      const { token } = await fundedAccount(one, db, {});
      const key = await hmacKey(one, token);
      assert.equal((await signedCall(two, key, 'users.getInfo', {})).body.status, true);
      await ok(one, 'apiKeys.revoke', { id: key.id }, { token });
      const refused = await signedCall(two, key, 'users.getInfo', {});
      assert.deepEqual([refused.statusCode, refused.body.error_code], [401, 'apiKey.unknown']);
    });

    test('a request accepted by one server is a replay to the other', async () => {
      const [one, two] = apps;
      const { token } = await fundedAccount(one, db, { USDT: '1000' });
      const key = await hmacKey(one, token);
      const body = JSON.stringify({
        method: 'orders.place',
        pair: 'BTC_USDT',
        side: 'buy',
        type: 'limit',
        price: '10000',
        amount: '0.01',
      });
      // The widest window, so a slow first answer leaves the copy a replay rather than stale.
      const headers = signedHeaders(key, 'orders.place', body, { recvWindow: MAX_RECV_WINDOW_MS });
      const first = await post(one, body, { headers });
      assert.equal(first.body.status, true, JSON.stringify(first.body));
      const copy = await post(two, body, { headers });
      assert.deepEqual([copy.statusCode, copy.body.error_code], [401, 'apiKey.replayed']);
      const { orders } = await ok(two, 'orders.getOpen', {}, { token });
      assert.equal(orders.length, 1, 'one order, not two');
    });

    test("the key's budget is shared: what one server counted, the other sees", async () => {
      const [one, two] = apps;
      const { token } = await fundedAccount(one, db, {});
      const key = await hmacKey(one, token);
      const first = await signedCall(one, key, 'orders.getHistory', {});
      assert.equal(first.headers['ratelimit-remaining'], '1');
      const second = await signedCall(two, key, 'orders.getHistory', {});
      assert.deepEqual([second.statusCode, second.body.error_code], [429, 'apiKey.tooMany']);
      assert.ok(Number(second.headers['retry-after']) > 0);
    });
  },
  { drivers: ['postgres'] },
);
