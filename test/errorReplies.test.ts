import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { errorText, failureOf } from '../core/errors/index.ts';
import { createServer } from '../server/app.ts';
import { methodsByName } from '../server/methods/index.ts';
import { forEachDatabase } from './databases.ts';
import { post, send, testConfig } from './serverTesting.ts';

forEachDatabase((open) => {
  let app: FastifyInstance;

  before(async () => {
    app = await createServer(testConfig(), await open());
  });
  after(() => app.close());

  test('a refusal about a parameter reaches the wire with its code, words and param', async () => {
    const answer = await send(app, { method: 'users.signIn', token: '', subId: '', password: 'x' });
    assert.equal(answer.statusCode, 200);
    assert.deepEqual(answer.body, {
      status: false,
      error_msg: 'Email is required.',
      error_code: 'params.required',
      param: 'email',
    });
  });

  test('a refusal about no parameter carries no param', async () => {
    const answer = await send(app, { method: 'users.logout', token: '', subId: '' });
    assert.deepEqual(answer.body, failureOf('access.signInRequired'));
    assert.equal(answer.body.error_msg, 'Please sign in to continue.');
  });

  test('transport-level refusals carry a code too', async () => {
    const unknown = await send(app, { method: 'users.nothing', token: '', subId: '' });
    assert.deepEqual(unknown.body, failureOf('request.unknownMethod', { method: 'users.nothing' }));
    const unreadable = await post(app, 'not json');
    assert.equal(unreadable.statusCode, 400);
    assert.equal(unreadable.body.error_code, 'request.unreadable');
    assert.equal(typeof unreadable.body.error_msg, 'string');
  });

  test('every method that needs a caller refuses a signed-out call by code', async () => {
    for (const method of methodsByName.values()) {
      if (method.access === 'public') continue;
      const answer = await send(app, { method: method.name, token: '', subId: '' });
      assert.equal(answer.body.status, false, method.name);
      if (method.name === 'users.getInfo') continue; // answers signed-out calls with its config
      assert.equal(answer.body.error_code, 'access.signInRequired', method.name);
      assert.equal(answer.body.error_msg, errorText('access.signInRequired'), method.name);
    }
  });
});
