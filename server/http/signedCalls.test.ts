import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { ApiKeyInfo } from '../../core/protocol/index.ts';
import {
  ed25519Key,
  hmacKey,
  type SigningKey,
  signedCall,
  signedHeaders,
} from '../../test/apiKeyTesting.ts';
import { forEachDatabase } from '../../test/databases.ts';
import {
  type Answer,
  fundedAccount,
  ok,
  post,
  signUp,
  testConfig,
} from '../../test/serverTesting.ts';
import { until } from '../../test/supportTesting.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';

const ALLOWED = 'https://partner.example';
const BUY = { pair: 'BTC_USDT', side: 'buy', type: 'limit', price: '50000', amount: '0.01' };

/** The answer's status, refusal code, and the parameter or header it names. */
function refusal(answer: Answer): [number, unknown, unknown] {
  assert.equal(answer.body.status, false, JSON.stringify(answer.body));
  return [answer.statusCode, answer.body.error_code, answer.body.param];
}

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let trader: { token: string; id: number };
  let hmac: SigningKey;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0', ALLOWED_ORIGINS: ALLOWED }), db);
    trader = await fundedAccount(app, db, { USDT: '10000' });
    hmac = await hmacKey(app, trader.token);
  });
  after(() => app.close());

  describe('a signed call runs as the key holder', () => {
    test('HMAC: reads the account and places a real order, with the key limit in headers', async () => {
      const info = await signedCall(app, hmac, 'users.getInfo', {});
      assert.equal(info.statusCode, 200);
      assert.equal((info.body.user as { id: number }).id, trader.id);
      const placed = await signedCall(app, hmac, 'orders.place', BUY);
      assert.equal(placed.body.status, true, JSON.stringify(placed.body));
      const { orders } = await ok(app, 'orders.getOpen', {}, { token: trader.token });
      assert.deepEqual(
        orders.map((order) => order.id),
        [(placed.body.order as { id: number }).id],
      );
      assert.equal(info.headers['ratelimit-limit'], '1200');
      assert.ok(
        Number(placed.headers['ratelimit-remaining']) < Number(info.headers['ratelimit-remaining']),
      );
      assert.equal(info.headers['access-control-allow-credentials'], undefined);
    });

    for (const raw of [false, true]) {
      test(`Ed25519 (public key sent ${raw ? 'raw' : 'as PEM'}): reads and places an order`, async () => {
        const key = await ed25519Key(app, trader.token, { raw });
        const info = await signedCall(app, key, 'users.getInfo', {});
        assert.equal((info.body.user as { id: number }).id, trader.id);
        const placed = await signedCall(app, key, 'orders.place', BUY, { recvWindow: 10_000 });
        assert.equal(placed.body.status, true, JSON.stringify(placed.body));
      });
    }

    test('public methods answer a key too, and server.getTime tells the clock', async () => {
      const before = Date.now();
      const time = await signedCall(app, hmac, 'server.getTime', {});
      assert.ok(Number(time.body.time) >= before && Number(time.body.time) <= Date.now());
      const unsigned = await ok(app, 'server.getTime', {});
      assert.ok(unsigned.time >= before);
    });

    test('last use is recorded with the time and address', async () => {
      const key = await hmacKey(app, trader.token);
      const before = Date.now();
      await signedCall(app, key, 'users.getInfo', {}, { ip: '192.0.2.44' });
      // Written after the answer, not awaited by it.
      let listed: ApiKeyInfo | undefined;
      await until('the last use written', async () => {
        const { items } = await ok(app, 'apiKeys.getItems', {}, { token: trader.token });
        listed = items.find((item) => item.id === key.id);
        return listed?.lastUsedIp === '192.0.2.44';
      });
      assert.ok((listed?.lastUsedAt ?? 0) >= before - 1000);
    });
  });

  describe('refusals, each with its code and the header it names', () => {
    test('unknown key, and a session token sent as a key', async () => {
      const unknown = { id: 'ak_AAAAAAAAAAAAAAAAAAAAAAAA', secret: 'x' };
      const asKey = { id: trader.token, secret: 'x' };
      for (const key of [unknown, asKey]) {
        const answer = await signedCall(app, key, 'users.getInfo', {});
        assert.deepEqual(refusal(answer), [401, 'apiKey.unknown', 'X-API-KEY']);
      }
    });

    test('a wrong signature: another secret, or another body than signed', async () => {
      const wrongSecret = { id: hmac.id, secret: 'not the secret' };
      const answer = await signedCall(app, wrongSecret, 'users.getInfo', {});
      assert.deepEqual(refusal(answer), [401, 'apiKey.badSignature', 'X-API-SIGNATURE']);
      const altered = await signedCall(app, hmac, 'orders.place', BUY, {
        signBody: JSON.stringify({ method: 'orders.place', ...BUY, amount: '0.001' }),
      });
      assert.deepEqual(refusal(altered), [401, 'apiKey.badSignature', 'X-API-SIGNATURE']);
    });

    test('a stale or early timestamp, telling the server time', async () => {
      const now = Date.now();
      for (const timestamp of [now - 6000, now + 5000]) {
        const answer = await signedCall(app, hmac, 'users.getInfo', {}, { timestamp });
        assert.deepEqual(refusal(answer), [401, 'apiKey.staleTimestamp', 'X-API-TIMESTAMP']);
        assert.ok(Math.abs(Number(answer.body.serverTime) - Date.now()) < 60_000);
      }
      const wide = await signedCall(
        app,
        hmac,
        'users.getInfo',
        {},
        {
          timestamp: now - 6000,
          recvWindow: 30_000,
        },
      );
      assert.equal(wide.body.status, true);
    });

    test('the same request twice: the second is a replay', async () => {
      const body = JSON.stringify({ method: 'orders.place', ...BUY });
      const headers = signedHeaders(hmac, 'orders.place', body);
      assert.equal((await post(app, body, { headers })).body.status, true);
      const again = await post(app, body, { headers });
      assert.deepEqual(refusal(again), [401, 'apiKey.replayed', 'X-API-SIGNATURE']);
    });

    test('malformed headers, naming each', async () => {
      const cases: [Record<string, string>, string, string][] = [
        [{ 'x-api-timestamp': 'soon' }, 'apiKey.timestampFormat', 'X-API-TIMESTAMP'],
        [{ 'x-api-recv-window': '0' }, 'apiKey.recvWindowFormat', 'X-API-RECV-WINDOW'],
        [{ 'x-api-recv-window': '60001' }, 'apiKey.recvWindowFormat', 'X-API-RECV-WINDOW'],
        [{ 'x-api-signature': 'ABCDEF' }, 'apiKey.signatureFormat', 'X-API-SIGNATURE'],
        [{ 'x-api-signature': '' }, 'apiKey.signatureFormat', 'X-API-SIGNATURE'],
      ];
      for (const [headers, code, header] of cases) {
        const answer = await signedCall(app, hmac, 'users.getInfo', {}, { headers });
        assert.deepEqual(refusal(answer), [400, code, header], JSON.stringify(headers));
      }
    });

    test('a session token in the body of a signed call', async () => {
      const answer = await signedCall(app, hmac, 'users.getInfo', { token: trader.token });
      assert.deepEqual(refusal(answer), [400, 'apiKey.tokenWithKey', 'token']);
    });

    test('methods only a signed-in person may call', async () => {
      for (const method of [
        'apiKeys.getItems',
        'users.logout',
        'users.getSessions',
        'markets.getSocketTicket',
        'withdrawals.getPending',
      ] as const) {
        const answer = await signedCall(app, hmac, method, {});
        assert.deepEqual(refusal(answer), [403, 'apiKey.methodNotForKeys', undefined], method);
        assert.match(String(answer.body.error_msg), new RegExp(method.replace('.', '\\.')));
      }
    });

    test('each scope: read cannot trade, trade cannot read or withdraw', async () => {
      const reader = await hmacKey(app, trader.token, { scopes: ['read'] });
      const tradeOnly = await hmacKey(app, trader.token, { scopes: ['trade'] });
      const cases: [SigningKey, Parameters<typeof signedCall>[2], object, string][] = [
        [reader, 'orders.place', BUY, 'trade'],
        [tradeOnly, 'users.getInfo', {}, 'read'],
        [
          hmac,
          'transfers.send',
          { to: 'x@example.com', ticker: 'USDT', amount: '1', idempotencyKey: 'abcdefgh' },
          'withdraw',
        ],
      ];
      for (const [key, method, params, scope] of cases) {
        const answer = await signedCall(app, key, method, params);
        assert.deepEqual(refusal(answer), [403, 'apiKey.scopeMissing', 'X-API-KEY']);
        assert.match(String(answer.body.error_msg), new RegExp(`"${scope}"`));
      }
      assert.equal((await signedCall(app, tradeOnly, 'orders.place', BUY)).body.status, true);
      assert.equal(
        (await signedCall(app, reader, 'markets.getBook', { pair: 'BTC_USDT' })).body.status,
        true,
      );
    });

    test('an address outside the allowlist, saying the address seen', async () => {
      const key = await hmacKey(app, trader.token, {
        scopes: ['read', 'withdraw'],
        ipAllowlist: ['203.0.113.0/24', '2001:db8::/32'],
      });
      const outside = await signedCall(app, key, 'users.getInfo', {}, { ip: '198.51.100.7' });
      assert.deepEqual(refusal(outside), [403, 'apiKey.ipNotAllowed', 'X-API-KEY']);
      assert.match(String(outside.body.error_msg), /198\.51\.100\.7/);
      for (const ip of ['203.0.113.200', '::ffff:203.0.113.9', '2001:db8::5']) {
        const inside = await signedCall(app, key, 'users.getInfo', {}, { ip });
        assert.equal(inside.body.status, true, ip);
      }
    });

    test('an expired key, and a revoked one at its next request', async () => {
      const expiring = await hmacKey(app, trader.token, { expiresAt: Date.now() + 60_000 });
      assert.equal((await signedCall(app, expiring, 'users.getInfo', {})).body.status, true);
      await db
        .updateTable('api_keys')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('id', '=', expiring.id)
        .execute();
      const expired = await signedCall(app, expiring, 'users.getInfo', {});
      assert.deepEqual(refusal(expired), [401, 'apiKey.expired', 'X-API-KEY']);

      const revoked = await hmacKey(app, trader.token);
      assert.equal((await signedCall(app, revoked, 'users.getInfo', {})).body.status, true);
      await ok(app, 'apiKeys.revoke', { id: revoked.id }, { token: trader.token });
      const after = await signedCall(app, revoked, 'users.getInfo', {});
      assert.deepEqual(refusal(after), [401, 'apiKey.unknown', 'X-API-KEY']);
    });

    test("a blocked account's key is refused", async () => {
      const blocked = await signUp(app);
      const key = await hmacKey(app, blocked.token);
      await db
        .updateTable('users')
        .set({ is_blocked: true })
        .where('id', '=', blocked.user.id)
        .execute();
      const answer = await signedCall(app, key, 'users.getInfo', {});
      assert.deepEqual(refusal(answer).slice(0, 2), [401, 'account.blocked']);
    });

    test('a foreign Origin is refused as ever; an allowed one gets no credentials', async () => {
      const foreign = await signedCall(
        app,
        hmac,
        'users.getInfo',
        {},
        {
          headers: { origin: 'https://evil.example' },
        },
      );
      assert.deepEqual(refusal(foreign).slice(0, 2), [403, 'request.foreignOrigin']);
      const partner = await signedCall(
        app,
        hmac,
        'users.getInfo',
        {},
        {
          headers: { origin: ALLOWED },
        },
      );
      assert.equal(partner.body.status, true);
      assert.equal(partner.headers['access-control-allow-credentials'], undefined);
    });
  });

  test("a key's weighted budget: headers fall by each method's weight, then 429 with Retry-After", async () => {
    const limited = await createServer(
      testConfig({ API_RATE_LIMIT: '2', API_KEY_RATE_LIMIT: '8' }),
      db,
    );
    try {
      const key = await hmacKey(limited, (await signUp(limited)).token);
      const first = await signedCall(limited, key, 'users.getInfo', {});
      assert.deepEqual(
        ['limit', 'remaining'].map((name) => first.headers[`ratelimit-${name}`]),
        ['8', '7'],
      );
      // orders.getHistory weighs 5.
      const history = await signedCall(limited, key, 'orders.getHistory', {});
      assert.equal(history.body.status, true);
      assert.equal(history.headers['ratelimit-remaining'], '2');
      const over = await signedCall(limited, key, 'orders.getHistory', {});
      assert.deepEqual(refusal(over).slice(0, 2), [429, 'apiKey.tooMany']);
      assert.ok(Number(over.headers['retry-after']) > 0);
      assert.equal(over.headers['ratelimit-remaining'], '0');
      // Failed signatures count against the address instead: two, then the address waits.
      const wrong = { id: key.id, secret: 'wrong' };
      for (let i = 0; i < 2; i++) {
        const bad = await signedCall(limited, wrong, 'users.getInfo', {}, { ip: '10.7.7.7' });
        assert.equal(bad.statusCode, 401);
      }
      const flooded = await signedCall(limited, key, 'users.getInfo', {}, { ip: '10.7.7.7' });
      assert.deepEqual(refusal(flooded).slice(0, 2), [429, 'request.tooMany']);
      assert.ok(Number(flooded.headers['retry-after']) > 0);
    } finally {
      await limited.close();
    }
  });
});
