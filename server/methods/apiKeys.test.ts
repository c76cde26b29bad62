import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { MAX_API_KEYS } from '../../core/protocol/index.ts';
import { hmacKey, TEST_PASSWORD } from '../../test/apiKeyTesting.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { call, ok, signUp, testConfig } from '../../test/serverTesting.ts';
import { totpCode } from '../accounts/totp.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ API_RATE_LIMIT: '0' }), db);
  });
  after(() => app.close());

  /** The refusal's code and the parameter it names. */
  const refusal = async (token: string, params: Record<string, unknown>) => {
    const reply = await call(
      app,
      'apiKeys.create',
      { label: 'bot', scopes: ['read'], kind: 'hmac', password: TEST_PASSWORD, ...params },
      { token },
    );
    assert.equal(reply.status, false, JSON.stringify(reply));
    return reply.status ? [] : [reply.error_code, reply.param];
  };

  const mailsTo = (email: string) =>
    db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .where('subject', 'like', '%API key%')
      .execute();

  test('an HMAC key is made with the password, mailed, and its secret shown once only', async () => {
    const { token, user } = await signUp(app);
    assert.deepEqual(await refusal(token, { password: 'not the password' }), [
      'apiKeys.wrongPassword',
      'password',
    ]);
    assert.deepEqual(await mailsTo(user.email), []);
    const made = await ok(
      app,
      'apiKeys.create',
      {
        label: 'My bot',
        scopes: ['trade', 'read'],
        kind: 'hmac',
        ipAllowlist: ['203.0.113.0/24', ' 2001:DB8::1 '],
        password: TEST_PASSWORD,
      },
      { token, ip: '198.51.100.9' },
    );
    assert.match(made.key.id, /^ak_[A-Za-z0-9_-]{24}$/);
    assert.match(made.secret ?? '', /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(made.key.scopes, ['read', 'trade']);
    assert.deepEqual(made.key.ipAllowlist, ['203.0.113.0/24', '2001:db8::1']);
    assert.equal(made.key.lastUsedAt, null);

    const { items } = await ok(app, 'apiKeys.getItems', {}, { token });
    assert.deepEqual(items, [made.key]);
    assert.ok(!JSON.stringify(items).includes(made.secret ?? '-'), 'the list never has the secret');
    const stored = await db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    assert.ok(!JSON.stringify(stored).includes(made.secret ?? '-'), 'stored only sealed');

    const [mail, ...more] = await mailsTo(user.email);
    assert.equal(more.length, 0);
    assert.match(mail?.text_body ?? '', /My bot/);
    assert.match(mail?.text_body ?? '', /198\.51\.100\.9/);
    assert.match(mail?.text_body ?? '', /read, trade/);
  });

  test('with two-factor on, a key needs a code besides the password', async () => {
    const { token } = await signUp(app);
    const setup = await ok(app, 'users.beginTwoFactor', {}, { token });
    const { recoveryCodes } = await ok(
      app,
      'users.enableTwoFactor',
      { code: totpCode(setup.key, Date.now()) },
      { token },
    );
    assert.deepEqual(await refusal(token, {}), ['twoFactor.required', 'twoFactorCode']);
    assert.deepEqual(await refusal(token, { twoFactorCode: '000000' }), [
      'twoFactor.wrongCode',
      'twoFactorCode',
    ]);
    const made = await ok(
      app,
      'apiKeys.create',
      {
        label: 'bot',
        scopes: ['read'],
        kind: 'hmac',
        password: TEST_PASSWORD,
        twoFactorCode: recoveryCodes[0] ?? '',
      },
      { token },
    );
    assert.equal(made.key.label, 'bot');
  });

  test('terms that cannot be are refused, each naming its parameter', async () => {
    const { token } = await signUp(app);
    const pem = String(
      generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }),
    );
    const rsa = String(
      generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
        type: 'spki',
        format: 'pem',
      }),
    );
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ scopes: ['withdraw'] }, 'apiKeys.withdrawNeedsAllowlist', 'ipAllowlist'],
      [{ scopes: [] }, 'params.tooSmall', 'scopes'],
      [{ scopes: ['admin'] }, 'params.oneOf', 'scopes.0'],
      [{ label: '' }, 'params.required', 'label'],
      [{ label: 'x'.repeat(65) }, 'params.tooLong', 'label'],
      [{ kind: 'ed25519' }, 'apiKeys.publicKeyRequired', 'publicKey'],
      [{ kind: 'ed25519', publicKey: rsa }, 'apiKeys.publicKeyInvalid', 'publicKey'],
      [{ kind: 'ed25519', publicKey: 'AAAA' }, 'apiKeys.publicKeyInvalid', 'publicKey'],
      [{ kind: 'hmac', publicKey: pem }, 'apiKeys.publicKeyNotForHmac', 'publicKey'],
      [{ ipAllowlist: ['10.0.0.0/33'] }, 'apiKeys.ipInvalid', 'ipAllowlist'],
      [{ ipAllowlist: ['example.com'] }, 'apiKeys.ipInvalid', 'ipAllowlist'],
      [{ expiresAt: Date.now() - 1000 }, 'apiKeys.expiryPast', 'expiresAt'],
    ];
    for (const [params, code, param] of cases) {
      assert.deepEqual(await refusal(token, params), [code, param], JSON.stringify(params));
    }
    assert.deepEqual((await ok(app, 'apiKeys.getItems', {}, { token })).items, []);
  });

  test(`an account holds at most ${MAX_API_KEYS} keys; a revoked one leaves room`, async () => {
    const { token } = await signUp(app);
    const keys: { id: string }[] = [];
    for (let i = 0; i < MAX_API_KEYS; i++) keys.push(await hmacKey(app, token));
    assert.deepEqual(await refusal(token, {}), ['apiKeys.tooMany', undefined]);
    await ok(app, 'apiKeys.revoke', { id: keys[0]?.id ?? '' }, { token });
    const { items } = await ok(app, 'apiKeys.getItems', {}, { token });
    assert.equal(items.length, MAX_API_KEYS - 1);
    assert.ok(!items.some((item) => item.id === keys[0]?.id));
    await hmacKey(app, token);
  });

  test("a key is revoked by its owner only, once; another account's id is not found", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const key = await hmacKey(app, owner.token);
    const revokeBy = (token: string) => call(app, 'apiKeys.revoke', { id: key.id }, { token });
    const stranger = await revokeBy(other.token);
    assert.equal(stranger.status ? '' : stranger.error_code, 'apiKeys.notFound');
    assert.equal((await revokeBy(owner.token)).status, true);
    const again = await revokeBy(owner.token);
    assert.equal(again.status ? '' : again.error_code, 'apiKeys.notFound');
  });
});
