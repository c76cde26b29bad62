import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { errorText } from '../../core/errors/index.ts';
import type { User } from '../../core/protocol/index.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { call, fails, ok, signUp, testConfig, uniqueEmail } from '../../test/serverTesting.ts';
import { ACCOUNT_BLOCKED } from '../accounts/users.ts';
import { createServer } from '../app.ts';
import { SIGN_IN_ACCOUNT_POINTS, SIGN_IN_IP_POINTS, SIGN_UP_IP_POINTS } from '../http/limits.ts';
import type { Database } from '../storage/db.ts';
import { post as postEntry } from '../wallet/ledger.ts';

import { WRONG_CREDENTIALS } from './users.ts';

const PASSWORD = 'correct horse battery';

/** Every field of protocol.ts's User, so a missing one fails loudly. */
const USER_FIELDS: (keyof User)[] = [
  'id',
  'email',
  'login',
  'balance',
  'image',
  'statusId',
  'created_at',
  'kyc_status',
  'two_factor',
  'isPremium',
  'isVerified',
  'isKyc',
  'is2FA',
  'isWalletConnect',
  'balanceBTC',
  'percentChange',
  'referalCode',
  'isKycPending',
  'kycStatusId',
  'isEmailVerified',
  'mailSupportReplies',
];

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ SOCIAL_TWITTER: 'https://twitter.com/exchange' }), db);
  });
  after(() => app.close());

  test('signUp creates an account, a session and a complete profile', async () => {
    const { token, user } = await ok(
      app,
      'users.signUp',
      { email: '  New.Person@Example.COM ', password: PASSWORD, login: 'newbie' },
      { ip: '10.2.0.1', headers: { host: 'exchange.example:8080' } },
    );
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.deepEqual(Object.keys(user).sort(), [...USER_FIELDS].sort());
    assert.equal(user.email, 'new.person@example.com');
    assert.equal(user.login, 'newbie');
    assert.equal(user.statusId, 0);
    assert.equal(user.balance, 0);
    assert.equal(user.balanceBTC, 0);
    assert.equal(user.percentChange, 0);
    assert.match(user.referalCode, /^[A-Z2-9]{8}$/);
    assert.ok(!Number.isNaN(Date.parse(user.created_at)));

    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.domain, 'exchange.example');
    assert.equal(row.created_ip, '10.2.0.1');
    assert.match(row.password_hash, /^scrypt\$17\$8\$1\$/);
    assert.ok(!row.password_hash.includes(PASSWORD));

    const session = await db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.equal(session.token_hash, createHash('sha256').update(token).digest('hex'));
    const days = (session.expires_at.getTime() - Date.now()) / 86_400_000;
    assert.ok(days > 29.9 && days <= 30, `session lasts ${days} days`);

    const info = await ok(app, 'users.getInfo', {}, { token });
    assert.equal(info.user.id, user.id);
  });

  test('signUp without a login uses the start of the email', async () => {
    const { user } = await signUp(app, 'plain.login@example.com');
    assert.equal(user.login, 'plain.login');
  });

  test('signUp refuses bad input with a message naming the field', async () => {
    const signUpWith = (params: Record<string, unknown>) =>
      fails(app, { method: 'users.signUp', ...params }, { ip: '10.2.0.2' });
    assert.equal(await signUpWith({ password: PASSWORD }), 'Email is required.');
    assert.equal(
      await signUpWith({ email: 'nope', password: PASSWORD }),
      'Email must be a valid email address.',
    );
    assert.equal(await signUpWith({ email: 42, password: PASSWORD }), 'Email must be a string.');
    // The product's synthetic addresses (visitors, the demo market) cannot be taken.
    for (const email of ['market-maker@demo.invalid', 'someone@visitors.INVALID']) {
      assert.equal(
        await signUpWith({ email, password: PASSWORD }),
        'Email must be a valid email address.',
      );
    }
    assert.equal(await signUpWith({ email: uniqueEmail() }), 'Password is required.');
    assert.equal(
      await signUpWith({ email: uniqueEmail(), password: 'short' }),
      'Password must be at least 8 characters.',
    );
    assert.equal(
      await signUpWith({ email: uniqueEmail(), password: 12345678 }),
      'Password must be a string.',
    );
    assert.equal(
      await signUpWith({ email: uniqueEmail(), password: PASSWORD, login: '' }),
      'Login is required.',
    );
    assert.equal(
      await signUpWith({ email: uniqueEmail(), password: PASSWORD, login: 'x'.repeat(65) }),
      'Login must be at most 64 characters.',
    );
  });

  test('signUp refuses an email already in use, whatever its case', async () => {
    const email = uniqueEmail('dup');
    await signUp(app, email);
    const message = await fails(app, {
      method: 'users.signUp',
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    assert.equal(message, 'An account with this email already exists.');
  });

  test('a referral code records the referrer; an unknown one is ignored', async () => {
    const referrer = await signUp(app);
    const referred = await ok(
      app,
      'users.signUp',
      { email: uniqueEmail(), password: PASSWORD, ref: referrer.user.referalCode.toLowerCase() },
      { ip: '10.2.0.3' },
    );
    const unknown = await ok(
      app,
      'users.signUp',
      { email: uniqueEmail(), password: PASSWORD, ref: 'NOSUCHCODE' },
      { ip: '10.2.0.3' },
    );
    const rows = await db
      .selectFrom('users')
      .select(['id', 'referred_by'])
      .where('id', 'in', [referred.user.id, unknown.user.id])
      .execute();
    const by = new Map(rows.map((row) => [row.id, row.referred_by]));
    assert.equal(by.get(referred.user.id), referrer.user.id);
    assert.equal(by.get(unknown.user.id), null);
    assert.notEqual(referred.user.referalCode, referrer.user.referalCode);
  });

  test('signIn returns a new session; wrong credentials get one generic message', async () => {
    const email = uniqueEmail('signin');
    const first = await signUp(app, email);
    const { token, user } = await ok(app, 'users.signIn', {
      email: ` ${email.toUpperCase()}`,
      password: PASSWORD,
    });
    assert.notEqual(token, first.token);
    assert.equal(user.id, first.user.id);
    assert.deepEqual(Object.keys(user).sort(), [...USER_FIELDS].sort());
    const wrongPassword = await fails(app, {
      method: 'users.signIn',
      email,
      password: 'wrong password',
    });
    const unknownEmail = await fails(app, {
      method: 'users.signIn',
      email: uniqueEmail('ghost'),
      password: PASSWORD,
    });
    assert.equal(wrongPassword, WRONG_CREDENTIALS);
    assert.equal(unknownEmail, WRONG_CREDENTIALS);
    assert.equal(await fails(app, { method: 'users.signIn', email }), 'Password is required.');
    assert.equal(
      await fails(app, { method: 'users.signIn', email, password: '' }),
      'Password is required.',
    );
  });

  test(`signIn locks an account after ${SIGN_IN_ACCOUNT_POINTS} failures, even for the right password`, async () => {
    const email = uniqueEmail('locked');
    await signUp(app, email);
    await Promise.all(
      Array.from({ length: SIGN_IN_ACCOUNT_POINTS }, (_, i) =>
        fails(
          app,
          { method: 'users.signIn', email, password: `wrong ${i}` },
          { ip: `10.3.0.${i}` },
        ),
      ),
    );
    const message = await fails(
      app,
      { method: 'users.signIn', email, password: PASSWORD },
      { ip: '10.3.1.1' },
    );
    assert.match(
      message,
      /^Too many failed sign-in attempts\. Please try again in \d+ (minutes|seconds)\.$/,
    );
  });

  test(`signIn locks an IP after ${SIGN_IN_IP_POINTS} failures across accounts`, async () => {
    const ip = '10.4.0.1';
    const email = uniqueEmail('victim');
    await signUp(app, email);
    await Promise.all(
      Array.from({ length: SIGN_IN_IP_POINTS }, (_, i) =>
        fails(
          app,
          { method: 'users.signIn', email: uniqueEmail(`spray${i}`), password: PASSWORD },
          { ip },
        ),
      ),
    );
    const blocked = await fails(app, { method: 'users.signIn', email, password: PASSWORD }, { ip });
    assert.match(blocked, /^Too many failed sign-in attempts/);
    await ok(app, 'users.signIn', { email, password: PASSWORD }, { ip: '10.4.0.2' });
  });

  test(`signUp allows ${SIGN_UP_IP_POINTS} attempts per IP per hour`, async () => {
    const taken = uniqueEmail('taken');
    await signUp(app, taken);
    // Duplicate emails spend the budget without the cost of a password hash.
    for (let i = 0; i < SIGN_UP_IP_POINTS; i++) {
      const message = await fails(
        app,
        { method: 'users.signUp', email: taken, password: PASSWORD },
        { ip: '10.5.0.1' },
      );
      assert.equal(message, 'An account with this email already exists.');
    }
    const blocked = await fails(
      app,
      { method: 'users.signUp', email: uniqueEmail(), password: PASSWORD },
      { ip: '10.5.0.1' },
    );
    assert.match(
      blocked,
      /^Too many sign-ups from this address\. Please try again in \d+ minutes\.$/,
    );
    await ok(app, 'users.signUp', { email: uniqueEmail(), password: PASSWORD }, { ip: '10.5.0.2' });
  });

  test('logout revokes the session: getInfo and logout then fail', async () => {
    const { token } = await signUp(app);
    const other = await ok(app, 'users.signIn', {
      email: (await ok(app, 'users.getInfo', {}, { token })).user.email,
      password: PASSWORD,
    });
    assert.deepEqual(await call(app, 'users.logout', {}, { token }), { status: true });
    assert.equal(
      await fails(app, { method: 'users.getInfo' }, { token }),
      errorText('access.signInRequired'),
    );
    assert.equal(
      await fails(app, { method: 'users.logout' }, { token }),
      errorText('access.signInRequired'),
    );
    // Only that session ends; the one from another device still works.
    await ok(app, 'users.getInfo', {}, { token: other.token });
  });

  test('an expired session is refused', async () => {
    const { token, user } = await signUp(app);
    await db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    assert.equal(
      await fails(app, { method: 'users.getInfo' }, { token }),
      errorText('access.signInRequired'),
    );
  });

  test('getInfo without a valid token refuses but still sends the site config', async () => {
    for (const token of ['', 'not-a-token', 'A'.repeat(43)]) {
      const reply = await call(app, 'users.getInfo', {}, { token });
      assert.equal(reply.status, false);
      assert.equal(reply.status ? '' : reply.error_msg, errorText('access.signInRequired'));
      assert.deepEqual(reply.config, {
        socials: { twitter: 'https://twitter.com/exchange' },
        live: { is_enabled: false },
      });
      assert.equal(reply.user, undefined);
    }
  });

  test('getInfo reports the settings table over the environment defaults', async () => {
    const { token } = await signUp(app);
    await db
      .insertInto('settings')
      .values([
        { key: 'live', value: JSON.stringify({ is_enabled: true }) },
        { key: 'socials', value: JSON.stringify({ telegram: 'https://t.me/exchange' }) },
      ])
      .execute();
    try {
      const { config } = await ok(app, 'users.getInfo', {}, { token });
      assert.deepEqual(config, {
        socials: { telegram: 'https://t.me/exchange' },
        live: { is_enabled: true },
      });
    } finally {
      await db.deleteFrom('settings').execute();
    }
  });

  test('getInfo shows deposits in the USD and BTC balance', async () => {
    const { token, user } = await signUp(app);
    await postEntry(db, {
      from: { system: 'deposits' },
      to: { user: user.id },
      ticker: 'BTC',
      amount: '0.5',
      reason: 'Deposit',
    });
    await postEntry(db, {
      from: { system: 'deposits' },
      to: { user: user.id },
      ticker: 'USDT',
      amount: '100',
      reason: 'Deposit',
    });
    const btc = await db
      .selectFrom('currencies')
      .select('price')
      .where('ticker', '=', 'BTC')
      .executeTakeFirstOrThrow();
    const { user: profile } = await ok(app, 'users.getInfo', {}, { token });
    const expected = 0.5 * Number(btc.price) + 100;
    assert.ok(Math.abs(profile.balance - expected) < 1e-6);
    assert.ok(Math.abs(profile.balanceBTC - expected / Number(btc.price)) < 1e-8);
    assert.equal(typeof profile.percentChange, 'number');
    assert.ok(Number.isFinite(profile.percentChange));
  });

  test('a blocked account counts as signed out and cannot sign in', async () => {
    const email = uniqueEmail('blocked');
    const { token, user } = await signUp(app, email);
    await db.updateTable('users').set({ is_blocked: true }).where('id', '=', user.id).execute();
    assert.equal(
      await fails(app, { method: 'users.getInfo' }, { token }),
      errorText('access.signInRequired'),
    );
    assert.equal(
      await fails(app, { method: 'users.signIn', email, password: PASSWORD }),
      ACCOUNT_BLOCKED,
    );
    assert.equal(
      await fails(app, { method: 'users.signIn', email, password: 'wrong password' }),
      WRONG_CREDENTIALS,
    );
  });
});
