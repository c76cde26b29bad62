import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { type FreshDatabase, freshPglite } from '../../test/databases.ts';
import { ok, testConfig } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import { OUTBOX_PATH } from './index.ts';

let app: FastifyInstance;
let fresh: FreshDatabase;
before(async () => {
  fresh = await freshPglite();
  app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), fresh.db);
});
after(async () => {
  await app.close();
  await fresh.close();
});

const get = (remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: OUTBOX_PATH, remoteAddress, headers });

test('without SMTP_URL the outbox shows queued mails to this machine only, escaped', async () => {
  await ok(app, 'users.signUp', { email: 'outbox@example.com', password: 'correct horse battery' });
  await ok(app, 'users.forgotPassword', { email: 'outbox@example.com' });
  const page = await get('127.0.0.1');
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /<h2 id="mail-\d+">Set a new Exchange password<\/h2>/);
  assert.match(page.body, /<a href="http:\/\/localhost:3000\/reset-password\?token=[\w-]+">/);
  assert.equal((await get('10.0.0.7')).statusCode, 404);
  assert.equal((await get('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode, 404);
});

test('with SMTP_URL there is no outbox page', async () => {
  const own = await freshPglite();
  const smtp = await createServer(testConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }), own.db);
  const page = await smtp.inject({ method: 'GET', url: OUTBOX_PATH, remoteAddress: '127.0.0.1' });
  assert.notEqual(page.statusCode, 200);
  await smtp.close();
  await own.close();
});

test('SITE_NAME names the site in mails and comes with the profile config', async () => {
  const own = await freshPglite();
  const named = await createServer(
    testConfig({ SITE_NAME: 'Coinhaven', API_RATE_LIMIT: '0' }),
    own.db,
  );
  const { token } = await ok(named, 'users.signUp', {
    email: 'named@example.com',
    password: 'correct horse battery',
  });
  const page = await named.inject({ method: 'GET', url: OUTBOX_PATH, remoteAddress: '127.0.0.1' });
  assert.match(page.body, />Confirm your email address for Coinhaven</);
  const info = await ok(named, 'users.getInfo', {}, { token });
  assert.equal(info.config?.name, 'Coinhaven');
  await named.close();
  await own.close();
});
