import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { MethodName } from '../../core/protocol.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { createServer } from '../app.ts';
import { DomainError } from '../DomainError.ts';
import type { Database } from '../db.ts';
import { createLimits } from '../limits.ts';
import { createSession, findCaller, hashToken } from '../sessions.ts';
import { send, signUp, testConfig } from '../testing.ts';
import { methods } from './index.ts';
import { defineMethod, type RequestContext, SIGN_IN_REQUIRED, STAFF_ONLY } from './registry.ts';

/** Placeholder params that pass validation for each method, so only access can fail. */
const VALID_PARAMS: Record<string, Record<string, unknown>> = {
  'users.signUp': { email: 'someone@example.com', password: 'long enough password' },
  'users.signIn': { email: 'someone@example.com', password: 'long enough password' },
  'metrics.addVisitor': { referer: '', url: '/' },
  'metrics.addEvent': { id: 1 },
  'currencies.getItems': { limit: 1000 },
  'notices.publish': { clear: true },
  'support.getDialog': { userId: 1 },
  'support.pinDialog': { userId: 1, pinned: true },
  'support.setUserFlag': { userId: 1, flag: 'isAbuse', value: false },
  'push.subscribe': { subscription: '{}' },
};

test('the method list is the one this milestone ships, with its access levels', () => {
  assert.deepEqual(Object.fromEntries(methods.map((method) => [method.name, method.access])), {
    'users.signUp': 'public',
    'users.signIn': 'public',
    'users.logout': 'user',
    'users.getInfo': 'public',
    'currencies.getItems': 'public',
    'metrics.addVisitor': 'public',
    'metrics.addEvent': 'public',
    'pages.getItem': 'public',
    'faq.getItems': 'public',
    'notices.getCurrent': 'public',
    'notices.publish': 'staff',
    'support.getHistory': 'user',
    'support.markRead': 'user',
    'support.getSocketTicket': 'user',
    'support.getDialogs': 'staff',
    'support.getDialog': 'staff',
    'support.pinDialog': 'staff',
    'support.setUserFlag': 'staff',
    'push.subscribe': 'user',
    'push.getPublicKey': 'public',
  });
});

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  const tokens: Record<'none' | 'garbage' | 'expired' | 'revoked' | 'user', string> = {
    none: '',
    garbage: 'x'.repeat(43),
    expired: '',
    revoked: '',
    user: '',
  };

  before(async () => {
    db = await open();
    app = await createServer(testConfig(), db);
    const { token, user } = await signUp(app);
    tokens.user = token;
    tokens.expired = await createSession(db, user.id, '', 1);
    tokens.revoked = await createSession(db, user.id, '', 1);
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(tokens.expired))
      .execute();
    await db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(tokens.revoked))
      .execute();
  });
  after(() => app.close());

  const callWith = (name: MethodName, token: string) =>
    send(app, { method: name, token, subId: '', ...VALID_PARAMS[name] });

  for (const method of methods.filter((item) => item.access !== 'public')) {
    for (const kind of ['none', 'garbage', 'expired', 'revoked'] as const) {
      test(`${method.name} (${method.access}) refuses a caller with ${kind} token`, async () => {
        const answer = await callWith(method.name, tokens[kind]);
        assert.equal(answer.statusCode, 200);
        assert.equal(answer.body.status, false);
        assert.equal(answer.body.error_msg, SIGN_IN_REQUIRED);
      });
    }
  }

  for (const method of methods.filter((item) => item.access === 'staff')) {
    test(`${method.name} (staff) refuses a signed-in non-staff caller`, async () => {
      const answer = await callWith(method.name, tokens.user);
      assert.equal(answer.body.status, false);
      assert.equal(answer.body.error_msg, STAFF_ONLY);
    });
  }

  test('a signed-in user passes the access check of every user method', async () => {
    for (const method of methods.filter(
      (item) => item.access === 'user' && item.name !== 'users.logout',
    )) {
      const answer = await callWith(method.name, tokens.user);
      assert.notEqual(answer.body.error_msg, SIGN_IN_REQUIRED, method.name);
    }
  });

  test('defineMethod checks staff access before params, and lets staff through', async () => {
    const staffOnly = defineMethod({
      name: 'users.logout',
      access: 'staff',
      params: z.object({}),
      handler: async () => ({}),
    });
    const caller = await findCaller(db, tokens.user);
    assert.ok(caller !== null);
    const context: RequestContext = {
      db,
      config: testConfig(),
      limits: createLimits(0),
      live: { recordView() {} },
      log: app.log,
      ip: '127.0.0.1',
      host: 'localhost',
      subId: '',
      caller,
    };
    await assert.rejects(
      staffOnly.run({}, { ...context, caller: null }),
      new DomainError(SIGN_IN_REQUIRED),
    );
    await assert.rejects(staffOnly.run({ bad: true }, context), new DomainError(STAFF_ONLY));
    const staff = { ...caller, user: { ...caller.user, status_id: 1 } };
    assert.deepEqual(await staffOnly.run({}, { ...context, caller: staff }), {});
  });
});
