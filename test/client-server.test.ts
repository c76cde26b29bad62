/**
 * The whole path of a call, with nothing in between faked: core's API client and store ->
 * codec -> POST /api over a real socket -> server method -> embedded database -> back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { call, configureApi } from '../core/api.ts';
import { parseCodecKey } from '../core/codec.ts';
import { readStored, STORAGE_KEYS } from '../core/storage.ts';
import { authenticate, loadUser, logout, user } from '../core/store/user.ts';
import { createServer } from '../server/app.ts';
import { type FreshDatabase, freshPglite } from './databases.ts';
import { testConfig } from './serverTesting.ts';

for (const encoding of ['json', 'codec'] as const) {
  describe(`core client against the real server (${encoding} bodies)`, () => {
    let app: FastifyInstance;
    let fresh: FreshDatabase;
    before(async () => {
      const config = testConfig();
      fresh = await freshPglite();
      app = await createServer(config, fresh.db);
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      configureApi({ baseUrl: address, codecKey: parseCodecKey(config.codecKey), encoding });
    });
    after(async () => {
      await app.close();
      await fresh.close();
    });

    it('signs up, loads the profile with zero balances, and logs out', async () => {
      const email = `client-${encoding}-${Date.now()}@example.com`;
      assert.deepEqual(await authenticate('signUp', { email, password: 'long enough pw' }), {
        ok: true,
      });
      assert.ok(readStored(STORAGE_KEYS.token), 'the session token is stored');
      assert.equal(await loadUser(), true);
      assert.equal(user.email, email);
      assert.equal(user.isAuth, true);
      assert.equal(user.balance, 0);

      const wallets = await call('currencies.getItems', { limit: 1000 });
      assert.ok(wallets.status);
      assert.deepEqual(
        wallets.wallets?.map((w) => [w.ticker, Number(w.amount), w.balance]),
        ['BTC', 'ETH', 'BNB', 'XRP', 'DOGE', 'SOL', 'LTC', 'TRX', 'USDT'].map((t) => [t, 0, 0]),
      );

      await logout();
      assert.equal(readStored(STORAGE_KEYS.token), null);
      assert.equal(user.isAuth, false);
      assert.equal(await loadUser(), false, 'the revoked session no longer signs in');
    });

    it('gets a readable error for bad input', async () => {
      const reply = await call('users.signUp', { email: 'nope', password: 'long enough pw' });
      assert.equal(reply.status, false);
      assert.match(reply.status ? '' : reply.error_msg, /email/i);
    });
  });
}
