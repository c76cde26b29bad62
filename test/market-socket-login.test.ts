/**
 * A trading program's login on the market socket (docs/programs.md, "Socket"): signed as an
 * HTTP call is, over `market.login` and an empty body, refused by the same checks with the same
 * codes; once in, the socket acts as the key's account, and closes when the key is revoked.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../server/app.ts';
import type { Database } from '../server/storage/db.ts';
import { ed25519Key, hmacKey } from './apiKeyTesting.ts';
import { forEachDatabase } from './databases.ts';
import { loginMessage, ProgramSocket } from './programSocket.ts';
import { fundedAccount, ok, testConfig } from './serverTesting.ts';
import { waitFor } from './waitFor.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let base: string;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(() => app.close());

  const account = async () => (await fundedAccount(app, db, { USDT: '1000' })).token;

  test('an HMAC or Ed25519 key logs in and the socket answers its key and scopes', async () => {
    const token = await account();
    for (const key of [await hmacKey(app, token), await ed25519Key(app, token)]) {
      const program = await ProgramSocket.open(base);
      const answer = await program.logIn(key);
      assert.deepEqual(answer, { v: 1, type: 'login', key: key.id, scopes: ['read', 'trade'] });
      program.close();
    }
  });

  test('each bad login is refused with the code a signed HTTP call gets', async () => {
    const token = await account();
    const key = await hmacKey(app, token);
    const refusals: [string, Promise<unknown>][] = [];
    const tryLogin = async (send: (program: ProgramSocket) => void) => {
      const program = await ProgramSocket.open(base);
      send(program);
      const answer = await waitFor('an answer', () => program.messages[0]);
      program.close();
      return answer.type === 'error' ? answer.code : answer.type;
    };
    const now = Date.now();
    refusals.push(
      [
        'apiKey.staleTimestamp',
        tryLogin((p) => p.send(loginMessage(key, { timestamp: now - 60_000 }))),
      ],
      [
        'apiKey.unknown',
        tryLogin((p) => p.send(loginMessage({ ...key, id: `ak_${'x'.repeat(24)}` }))),
      ],
      ['apiKey.badSignature', tryLogin((p) => p.send(loginMessage({ ...key, secret: 'wrong' })))],
      [
        'apiKey.badSignature',
        tryLogin((p) => p.send(loginMessage(key, { signMethod: 'orders.place' }))),
      ],
      [
        'apiKey.signatureFormat',
        tryLogin((p) => p.send({ ...loginMessage(key), signature: 'xyz' })),
      ],
      ['apiKey.timestampFormat', tryLogin((p) => p.send({ ...loginMessage(key), timestamp: 1.5 }))],
      [
        'apiKey.recvWindowFormat',
        tryLogin((p) => p.send(loginMessage(key, { recvWindow: 70_000 }))),
      ],
    );
    for (const [code, answer] of refusals) assert.equal(await answer, code);

    // The same login again, on another socket: a replay.
    const login = loginMessage(key);
    assert.equal(await tryLogin((p) => p.send(login)), 'login');
    assert.equal(await tryLogin((p) => p.send(login)), 'apiKey.replayed');
  });

  test('a key outside its allowlist, expired, or of a blocked account is refused', async () => {
    const token = await account();
    const far = await hmacKey(app, token, { ipAllowlist: ['203.0.113.0/24'] });
    const refusedCode = async (key: Parameters<typeof loginMessage>[0]) => {
      const program = await ProgramSocket.open(base);
      const answer = await program.logIn(key);
      program.close();
      return answer.type === 'error' ? answer.code : answer.type;
    };
    assert.equal(await refusedCode(far), 'apiKey.ipNotAllowed');
    const old = await hmacKey(app, token);
    await db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', old.id)
      .execute();
    assert.equal(await refusedCode(old), 'apiKey.expired');
    const other = await fundedAccount(app, db, {});
    const blockedKey = await hmacKey(app, other.token);
    await db.updateTable('users').set({ is_blocked: true }).where('id', '=', other.id).execute();
    assert.equal(await refusedCode(blockedKey), 'account.blocked');
  });

  test('a socket logs in once; before that it may not trade or read the account', async () => {
    const token = await account();
    const key = await hmacKey(app, token);
    const program = await ProgramSocket.open(base);
    const early = await program.call('place', { pair: 'BTC_USDT' });
    assert.deepEqual(
      [early.status, early.status ? '' : early.error_code],
      [false, 'stream.loginRequired'],
    );
    program.send({ v: 1, type: 'subscribe', stream: 'account' });
    await waitFor('the ticket refusal', () =>
      program.messages.find((m) => m.type === 'error' && m.code === 'stream.ticketRequired'),
    );
    assert.equal((await program.logIn(key)).type, 'login');
    const again = await program.logIn(key);
    assert.equal(again.type === 'error' ? again.code : again.type, 'stream.loggedIn');
    // Logged in, the account stream needs no ticket.
    program.send({ v: 1, type: 'subscribe', stream: 'account' });
    await waitFor('the account snapshot', () => program.account().find((m) => m.snapshot));
    program.close();
  });

  test('orders sent right behind the login wait for it and run', async () => {
    const token = await account();
    const key = await hmacKey(app, token);
    const program = await ProgramSocket.open(base);
    program.send(loginMessage(key));
    const id = program.request('place', {
      pair: 'BTC_USDT',
      side: 'buy',
      type: 'limit',
      price: '10000',
      amount: '0.001',
    });
    const answer = await program.result(id);
    assert.equal(answer.status, true, JSON.stringify(answer));
    program.close();
  });

  test('revoking the key closes the sockets logged in with it, and only those', async () => {
    const { token } = await fundedAccount(app, db, {});
    const key = await hmacKey(app, token);
    const other = await hmacKey(app, token);
    const program = await ProgramSocket.login(base, key);
    const bystander = await ProgramSocket.login(base, other);
    await ok(app, 'apiKeys.revoke', { id: key.id }, { token });
    assert.equal((await program.whenClosed()).code, 4001);
    const answer = await bystander.call('cancelAll', {});
    assert.equal(answer.status, true, 'the other key stays in');
    bystander.close();
  });
});
