import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { LIVE_SOCKET_PATH, type LiveCountersMessage } from '../../core/protocol/index.ts';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { call, fails, signUp, testConfig } from '../../test/serverTesting.ts';
import { waitFor } from '../../test/waitFor.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { MAX_EVENT_ID_LENGTH, MAX_URL_LENGTH } from './metrics.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig(), db);
  });
  after(() => app.close());

  const lastVisitor = () =>
    db.selectFrom('visitors').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
  const lastEvent = () =>
    db.selectFrom('events').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  test('addVisitor stores the page, referer, IP and subId of a visitor', async () => {
    const reply = await call(
      app,
      'metrics.addVisitor',
      { referer: 'https://search.example/?q=exchange', url: '/markets' },
      { ip: '10.7.0.1', subId: 'campaign-42' },
    );
    assert.deepEqual(reply, { status: true });
    const row = await lastVisitor();
    assert.equal(row.url, '/markets');
    assert.equal(row.referer, 'https://search.example/?q=exchange');
    assert.equal(row.ip, '10.7.0.1');
    assert.equal(row.sub_id, 'campaign-42');
    assert.equal(row.user_id, null);
  });

  test('addVisitor records the signed-in user and cuts over-long strings', async () => {
    const { token, user } = await signUp(app);
    await call(
      app,
      'metrics.addVisitor',
      { referer: '', url: `/${'a'.repeat(5000)}` },
      { token, subId: 's'.repeat(500) },
    );
    const row = await lastVisitor();
    assert.equal(row.user_id, user.id);
    assert.equal(row.url.length, MAX_URL_LENGTH);
    assert.equal(row.referer, '');
    assert.equal(row.sub_id.length, 128);
  });

  test('addVisitor refuses missing or mistyped fields', async () => {
    assert.equal(
      await fails(app, { method: 'metrics.addVisitor', referer: '' }),
      'Url is required.',
    );
    assert.equal(
      await fails(app, { method: 'metrics.addVisitor', url: '/', referer: 5 }),
      'Referer must be a string.',
    );
  });

  test('each recorded visit reaches the live counters over their socket', async () => {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const socket = new WebSocket(`${address.replace('http', 'ws')}${LIVE_SOCKET_PATH}`);
    let latest: LiveCountersMessage | null = null;
    socket.on('message', (data) => {
      latest = JSON.parse(String(data));
    });
    const first = await waitFor('the first live counters message', () => latest);
    assert.equal(first.count, 1);
    await call(app, 'metrics.addVisitor', { referer: '', url: '/faq' });
    await call(app, 'metrics.addVisitor', { referer: '', url: '/markets' });
    const after = await waitFor('live counters with both new views', () =>
      latest !== null && latest.views >= first.views + 2 ? latest : null,
    );
    assert.equal(after.views, first.views + 2);
    socket.close();
  });

  test('addEvent stores string and number ids as text', async () => {
    assert.deepEqual(await call(app, 'metrics.addEvent', { id: 'signup-click' }, { subId: 'x' }), {
      status: true,
    });
    assert.equal((await lastEvent()).event_id, 'signup-click');
    assert.equal((await lastEvent()).sub_id, 'x');
    await call(app, 'metrics.addEvent', { id: 17 });
    assert.equal((await lastEvent()).event_id, '17');
    await call(app, 'metrics.addEvent', { id: 'e'.repeat(1000) });
    assert.equal((await lastEvent()).event_id.length, MAX_EVENT_ID_LENGTH);
  });

  test('addEvent refuses a missing or mistyped id', async () => {
    assert.equal(await fails(app, { method: 'metrics.addEvent' }), 'Id is required.');
    assert.equal(
      await fails(app, { method: 'metrics.addEvent', id: { a: 1 } }),
      'Id must be a string or a number.',
    );
    assert.equal(
      await fails(app, { method: 'metrics.addEvent', id: null }),
      'Id must be a string or a number.',
    );
  });
}, PGLITE_ONLY);
