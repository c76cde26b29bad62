import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CODEC_COMPACT, CODEC_SPEC, encode, parseCodecKey } from '../../core/codec.ts';
import { failureOf } from '../../core/errors/index.ts';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { call, fails, post, send, testConfig } from '../../test/serverTesting.ts';
import { CONTENT_SECURITY_POLICY, createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { MAX_BODY_BYTES } from './api.ts';

const ALLOWED = 'https://widgets.partner.example';
const getInfo = { method: 'users.getInfo', token: '', subId: '' };

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ ALLOWED_ORIGINS: ALLOWED }), db);
  });
  after(() => app.close());

  test('plain JSON is answered with JSON', async () => {
    const answer = await send(app, getInfo);
    assert.equal(answer.statusCode, 200);
    assert.match(String(answer.headers['content-type']), /^application\/json/);
    assert.equal(answer.body.status, false);
    assert.equal(answer.body.error_msg, 'Please sign in to continue.');
    assert.equal(answer.headers['cache-control'], 'no-store');
  });

  test('leading whitespace before JSON is fine', async () => {
    const answer = await post(app, `\n  ${JSON.stringify(getInfo)}`);
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.body.error_msg, 'Please sign in to continue.');
  });

  for (const version of [CODEC_SPEC, CODEC_COMPACT] as const) {
    test(`a codec version ${version} body is answered with the same version`, async () => {
      const key = parseCodecKey(testConfig().codecKey);
      const response = await app.inject({
        method: 'POST',
        url: '/api',
        headers: { 'content-type': 'text/plain' },
        payload: Buffer.from(
          encode({ method: 'currencies.getItems', token: '', subId: '' }, key, version),
        ),
      });
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['content-type'], 'application/octet-stream');
      assert.equal(response.rawPayload[0], version);
      const answer = await send(
        app,
        { method: 'currencies.getItems', token: '', subId: '' },
        { codec: version },
      );
      assert.equal(answer.body.status, true);
      assert.equal((answer.body.items as unknown[]).length, 9);
    });
  }

  test('the body is read whatever the content type says', async () => {
    for (const type of [
      'application/json',
      'application/octet-stream',
      'application/x-www-form-urlencoded',
    ]) {
      const answer = await post(app, JSON.stringify(getInfo), {
        headers: { 'content-type': type },
      });
      assert.equal(answer.statusCode, 200, type);
      assert.equal(answer.body.error_msg, 'Please sign in to continue.', type);
    }
  });

  test('unreadable bodies answer 400 with a JSON envelope', async () => {
    const garbage = new Uint8Array([CODEC_COMPACT, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const random = new Uint8Array(64).map((_, i) => (i * 37) % 256);
    random[0] = CODEC_SPEC;
    for (const payload of [garbage, random, '{"method": ', '{nope}', 'hello', '[1,2]', '']) {
      const answer = await post(app, payload);
      assert.equal(answer.statusCode, 400, String(payload));
      assert.match(String(answer.headers['content-type']), /^application\/json/);
      assert.equal(answer.body.status, false);
      assert.equal(typeof answer.body.error_msg, 'string');
    }
  });

  test('a codec body that is not an object answers 400', async () => {
    const answer = await post(app, encode([1, 2, 3], parseCodecKey(testConfig().codecKey)));
    assert.equal(answer.statusCode, 400);
    assert.equal(answer.body.error_msg, 'The request body must be a JSON object.');
  });

  test('a body over 1 MiB answers 413 with an envelope', async () => {
    const payload = JSON.stringify({ ...getInfo, padding: 'x'.repeat(MAX_BODY_BYTES) });
    const answer = await post(app, payload);
    assert.equal(answer.statusCode, 413);
    assert.equal(answer.body.status, false);
    assert.match(String(answer.body.error_msg), /too large/);
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
  });

  test('an unknown or missing method is a readable error', async () => {
    assert.equal(await fails(app, { method: 'x' }), 'Unknown method "x".');
    assert.equal(
      await fails(app, { method: 'wallets.getHistory', slug: 'a' }),
      'Unknown method "wallets.getHistory".',
    );
    assert.equal(await fails(app, { method: 'constructor' }), 'Unknown method "constructor".');
    assert.equal(await fails(app, { method: '__proto__' }), 'Unknown method "__proto__".');
    assert.equal(await fails(app, {}), 'The request does not name a method.');
    assert.equal(await fails(app, { method: 42 }), 'The request does not name a method.');
  });

  test('token and subId must be strings', async () => {
    assert.equal(await fails(app, { ...getInfo, token: 5 }), 'Token must be a string.');
    assert.equal(await fails(app, { ...getInfo, subId: {} }), 'SubId must be a string.');
    const answer = await send(app, { method: 'users.getInfo', token: null, subId: null });
    assert.equal(answer.body.error_msg, 'Please sign in to continue.');
  });

  test('a request from a foreign origin is refused with 403', async () => {
    for (const origin of [
      'https://evil.example',
      'null',
      'http://localhost:3000',
      'https://localhost:80',
    ]) {
      const answer = await post(app, JSON.stringify(getInfo), { headers: { origin } });
      assert.equal(answer.statusCode, 403, origin);
      assert.deepEqual(answer.body, failureOf('request.foreignOrigin'));
      assert.equal(answer.headers['access-control-allow-origin'], undefined);
    }
  });

  test('the site itself, and callers without Origin, pass without CORS headers', async () => {
    const same = await post(app, JSON.stringify(getInfo), {
      headers: { origin: 'http://exchange.example:3000', host: 'exchange.example:3000' },
    });
    assert.equal(same.statusCode, 200);
    assert.equal(same.headers['access-control-allow-origin'], undefined);
    const none = await post(app, JSON.stringify(getInfo));
    assert.equal(none.statusCode, 200);
  });

  test('an allowed origin passes with CORS headers, preflight included', async () => {
    const answer = await post(app, JSON.stringify(getInfo), { headers: { origin: ALLOWED } });
    assert.equal(answer.statusCode, 200);
    assert.equal(answer.headers['access-control-allow-origin'], ALLOWED);
    assert.equal(answer.headers['access-control-allow-credentials'], 'true');
    assert.match(String(answer.headers.vary), /Origin/);

    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api',
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.equal(preflight.headers['access-control-allow-origin'], ALLOWED);
    assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);

    const refused = await app.inject({
      method: 'OPTIONS',
      url: '/api',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(refused.statusCode, 403);
  });

  test('every response carries the security headers', async () => {
    const responses = [
      await app.inject({ method: 'POST', url: '/api', payload: JSON.stringify(getInfo) }),
      await app.inject({ method: 'GET', url: '/' }),
      await app.inject({ method: 'GET', url: '/api' }),
      await app.inject({ method: 'POST', url: '/nowhere', payload: '{}' }),
    ];
    for (const response of responses) {
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin');
      assert.equal(response.headers['x-frame-options'], 'SAMEORIGIN');
      assert.equal(response.headers['content-security-policy'], CONTENT_SECURITY_POLICY);
    }
  });

  test('GET /api explains that the API wants POST', async () => {
    const response = await app.inject({ method: 'GET', url: '/api' });
    assert.equal(response.statusCode, 405);
    assert.equal(JSON.parse(response.body).status, false);
  });

  test('too many requests from one IP answer 429 with an envelope', async () => {
    const limited = await createServer(testConfig({ API_RATE_LIMIT: '3' }), db);
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await post(limited, JSON.stringify(getInfo), { ip: '10.9.9.9' });
        assert.equal(answer.statusCode, 200);
        // The IETF draft's headers: the window's calls, those left, seconds to its end.
        assert.equal(answer.headers['ratelimit-limit'], '3');
        assert.equal(answer.headers['ratelimit-remaining'], String(2 - i));
        assert.ok(Number(answer.headers['ratelimit-reset']) > 0);
        assert.equal(answer.headers['retry-after'], undefined);
      }
      const answer = await post(limited, JSON.stringify(getInfo), { ip: '10.9.9.9' });
      assert.equal(answer.statusCode, 429);
      assert.equal(answer.headers['ratelimit-remaining'], '0');
      assert.equal(answer.body.status, false);
      assert.match(
        String(answer.body.error_msg),
        /Too many requests\. Please try again in \d+ seconds?\./,
      );
      assert.ok(Number(answer.headers['retry-after']) > 0);
      assert.equal(
        (await post(limited, JSON.stringify(getInfo), { ip: '10.9.9.10' })).statusCode,
        200,
      );
    } finally {
      await limited.close();
    }
  });

  // Last: it breaks this database on purpose.
  test('an unexpected failure is logged and answered with the generic error, not a 5xx', async () => {
    await sql`drop table events`.execute(db);
    const reply = await call(app, 'metrics.addEvent', { id: 'click' });
    assert.deepEqual(reply, failureOf('request.serverError'));
    const coded = await send(
      app,
      { method: 'metrics.addEvent', token: '', subId: '', id: 1 },
      { codec: CODEC_COMPACT },
    );
    assert.equal(coded.statusCode, 200);
    assert.deepEqual(coded.body, failureOf('request.serverError'));
  });
}, PGLITE_ONLY);
