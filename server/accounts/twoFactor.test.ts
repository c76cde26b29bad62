/**
 * Two-factor through the API, on PGlite and PostgreSQL: set-up, sign-in with a code or a recovery
 * code, codes used once, wrong codes counted, and turning it off. Codes come from the manual key
 * as an authenticator app would make them; a code for the next 30 s step stands for "the app's
 * next code" without waiting for it.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { errorText } from '../../core/errors/index.ts';
import type { Reply } from '../../core/protocol/index.ts';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { call, fails, ok, signUp, testConfig, uniqueEmail } from '../../test/serverTesting.ts';
import { createServer } from '../app.ts';
import { TWO_FACTOR_POINTS } from '../http/limits.ts';
import type { Database } from '../storage/db.ts';
import { openSecret } from './secretBox.ts';
import { totpCode } from './totp.ts';

const ALREADY_ON = errorText('twoFactor.alreadyOn');
const NO_SETUP = errorText('twoFactor.noSetup');
const NOT_ON = errorText('twoFactor.notOn');
const TWO_FACTOR_REQUIRED = errorText('twoFactor.required');
const USED_CODE = errorText('twoFactor.usedCode');
const USED_RECOVERY_CODE = errorText('twoFactor.usedRecoveryCode');
const WRONG_CODE = errorText('twoFactor.wrongCode');
const PASSWORD = 'correct horse battery';
const STEP_MS = 30_000;

/** The app's code now, or `steps` codes later. */
const codeOf = (key: string, steps = 0) => totpCode(key, Date.now() + steps * STEP_MS);

/** Six digits that are none of the codes valid around now. */
function wrongCode(key: string): string {
  const valid = new Set([-1, 0, 1, 2].map((steps) => codeOf(key, steps)));
  let guess = 123456;
  while (valid.has(String(guess))) guess += 1;
  return String(guess);
}

/** A refused sign-in's message and flag; fails the test when it signed in. */
function refused(reply: Reply<'users.signIn'>) {
  assert.equal(reply.status, false, 'expected a refusal, but it signed in');
  return { message: reply.error_msg, twoFactorRequired: reply.twoFactorRequired };
}

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;

  before(async () => {
    db = await open();
    app = await createServer(testConfig(), db);
  });
  after(() => app.close());

  /** A fresh account with two-factor on: its email, token, manual key, codes used and given. */
  async function withTwoFactor() {
    const email = uniqueEmail('2fa');
    const { token, user } = await signUp(app, email);
    const { key } = await ok(app, 'users.beginTwoFactor', {}, { token });
    const setupCode = codeOf(key);
    const { recoveryCodes } = await ok(
      app,
      'users.enableTwoFactor',
      { code: setupCode },
      { token },
    );
    return { email, token, id: user.id, key, setupCode, recoveryCodes };
  }

  const signIn = (email: string, code?: string) =>
    call(app, 'users.signIn', { email, password: PASSWORD, ...(code ? { code } : {}) });

  test('set-up: a key and URI, on only after a first code, with ten recovery codes once', async () => {
    const { token, user } = await signUp(app);
    assert.equal(user.is2FA, false);
    const setup = await ok(app, 'users.beginTwoFactor', {}, { token });
    assert.match(setup.key, /^[A-Z2-7]{32}$/);
    const uri = new URL(setup.uri);
    assert.equal(uri.searchParams.get('secret'), setup.key);
    assert.equal(decodeURIComponent(uri.pathname), `/Exchange:${user.email}`);

    // Not on yet: the profile says so, and sign-in needs no code.
    assert.equal((await ok(app, 'users.getInfo', {}, { token })).user.is2FA, false);
    await ok(app, 'users.signIn', { email: user.email, password: PASSWORD });

    // The secret is stored sealed, never as the key itself.
    const row = await db
      .selectFrom('two_factor_secrets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.ok(!row.secret.includes(setup.key));
    assert.equal(openSecret(testConfig().twoFactorKey, user.id, row.secret), setup.key);

    assert.equal(
      await fails(app, { method: 'users.enableTwoFactor', code: wrongCode(setup.key) }, { token }),
      WRONG_CODE,
    );
    const enabled = await ok(app, 'users.enableTwoFactor', { code: codeOf(setup.key) }, { token });
    assert.equal(enabled.user.is2FA, true);
    assert.equal(enabled.user.two_factor, true);
    assert.equal(enabled.recoveryCodes.length, 10);
    assert.equal((await ok(app, 'users.getInfo', {}, { token })).user.is2FA, true);

    // Recovery codes are stored only as hashes.
    const stored = await db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    assert.equal(stored.length, 10);
    const plain = enabled.recoveryCodes.map((code) => code.replace('-', ''));
    for (const { code_hash } of stored) assert.ok(!plain.some((code) => code_hash.includes(code)));

    // On: no second set-up, no second confirmation, and the key is never sent again.
    assert.equal(await fails(app, { method: 'users.beginTwoFactor' }, { token }), ALREADY_ON);
    assert.equal(
      await fails(app, { method: 'users.enableTwoFactor', code: codeOf(setup.key, 1) }, { token }),
      ALREADY_ON,
    );
    const info = JSON.stringify(await ok(app, 'users.getInfo', {}, { token }));
    assert.ok(!info.includes(setup.key));
  });

  test('a first code needs a set-up, and a new set-up replaces the waiting one', async () => {
    const { token } = await signUp(app);
    assert.equal(
      await fails(app, { method: 'users.enableTwoFactor', code: '123456' }, { token }),
      NO_SETUP,
    );
    const first = await ok(app, 'users.beginTwoFactor', {}, { token });
    const second = await ok(app, 'users.beginTwoFactor', {}, { token });
    assert.notEqual(second.key, first.key);
    const stale = codeOf(first.key);
    if (stale !== codeOf(second.key)) {
      assert.equal(
        await fails(app, { method: 'users.enableTwoFactor', code: stale }, { token }),
        WRONG_CODE,
      );
    }
    await ok(app, 'users.enableTwoFactor', { code: codeOf(second.key) }, { token });
  });

  test('sign-in asks for the code after the right password, and signs in with it', async () => {
    const account = await withTwoFactor();
    const asked = await signIn(account.email);
    assert.deepEqual(refused(asked), {
      message: TWO_FACTOR_REQUIRED,
      twoFactorRequired: true,
    });
    assert.equal(asked.token, undefined);

    // A wrong password is still just a wrong password: nothing says two-factor is on.
    const wrongPassword = await call(app, 'users.signIn', {
      email: account.email,
      password: 'wrong password',
      code: codeOf(account.key, 1),
    });
    assert.equal(refused(wrongPassword).twoFactorRequired, undefined);

    const wrong = await signIn(account.email, wrongCode(account.key));
    assert.deepEqual(refused(wrong), { message: WRONG_CODE, twoFactorRequired: true });

    const signedIn = await signIn(account.email, codeOf(account.key, 1));
    assert.equal(signedIn.status, true);
    assert.ok(signedIn.status && signedIn.user.is2FA);
    if (signedIn.status) await ok(app, 'users.getInfo', {}, { token: signedIn.token });
  });

  test('a code works once: the same code again is refused, even on another request', async () => {
    const account = await withTwoFactor();
    // The code that turned two-factor on is already used.
    const again = await signIn(account.email, account.setupCode);
    assert.equal(refused(again).message, USED_CODE);

    const next = codeOf(account.key, 1);
    const [first, second] = await Promise.all([
      signIn(account.email, next),
      signIn(account.email, next),
    ]);
    assert.deepEqual(
      [first.status, second.status].sort(),
      [false, true],
      'two requests with one code: exactly one signs in',
    );
    assert.equal(refused(first.status ? second : first).message, USED_CODE);
    const third = await signIn(account.email, next);
    assert.equal(refused(third).message, USED_CODE);
  });

  test(`${TWO_FACTOR_POINTS} wrong codes block the account's codes, even the right one`, async () => {
    const account = await withTwoFactor();
    const other = await withTwoFactor();
    for (let i = 0; i < TWO_FACTOR_POINTS; i++) {
      const reply = await signIn(account.email, wrongCode(account.key));
      assert.equal(refused(reply).message, WRONG_CODE);
    }
    const blocked = refused(await signIn(account.email, codeOf(account.key, 1)));
    assert.match(
      blocked.message,
      /^Too many wrong codes\. Please try again in \d+ (minutes|seconds)\.$/,
    );
    assert.equal(blocked.twoFactorRequired, true);
    // A recovery code is a code too, and so is turning two-factor off.
    const recovery = await signIn(account.email, account.recoveryCodes[0]);
    assert.match(refused(recovery).message, /^Too many wrong codes/);
    assert.match(
      await fails(
        app,
        { method: 'users.disableTwoFactor', code: codeOf(account.key, 1) },
        { token: account.token },
      ),
      /^Too many wrong codes/,
    );
    // Another account is not affected.
    assert.equal((await signIn(other.email, codeOf(other.key, 1))).status, true);
  });

  test('a recovery code signs in once, however it is typed', async () => {
    const account = await withTwoFactor();
    const [first = '', second = ''] = account.recoveryCodes;
    assert.equal((await signIn(account.email, first)).status, true);
    const reused = await signIn(account.email, first);
    assert.equal(refused(reused).message, USED_RECOVERY_CODE);
    const typed = ` ${second.replace('-', '').toLowerCase()} `;
    assert.equal((await signIn(account.email, typed)).status, true);
    const unknown = await signIn(account.email, 'ABCDE-FGHJK');
    assert.equal(refused(unknown).message, WRONG_CODE);
    // Someone else's recovery code is no code for this account.
    const other = await withTwoFactor();
    const foreign = await signIn(account.email, other.recoveryCodes[0]);
    assert.equal(refused(foreign).message, WRONG_CODE);
  });

  test('turning two-factor off needs a code, and records when', async () => {
    const account = await withTwoFactor();
    const { token } = account;
    assert.equal(
      await fails(app, { method: 'users.disableTwoFactor' }, { token }),
      'Code is required.',
    );
    assert.equal(
      await fails(
        app,
        { method: 'users.disableTwoFactor', code: wrongCode(account.key) },
        { token },
      ),
      WRONG_CODE,
    );
    assert.equal((await ok(app, 'users.getInfo', {}, { token })).user.is2FA, true);

    const { user } = await ok(
      app,
      'users.disableTwoFactor',
      { code: codeOf(account.key, 1) },
      { token },
    );
    assert.equal(user.is2FA, false);
    assert.equal(user.two_factor, false);
    const row = await db
      .selectFrom('users')
      .select(['two_factor_off_at'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    assert.ok(row.two_factor_off_at !== null);
    assert.ok(Math.abs(row.two_factor_off_at.getTime() - Date.now()) < 60_000);

    // Off: the secret and the recovery codes are gone, and sign-in asks for no code.
    assert.equal(
      await fails(app, { method: 'users.disableTwoFactor', code: '123456' }, { token }),
      NOT_ON,
    );
    const left = await db
      .selectFrom('two_factor_recovery_codes')
      .select('id')
      .where('user_id', '=', account.id)
      .execute();
    assert.equal(left.length, 0);
    assert.equal((await signIn(account.email)).status, true);
    // It can be turned on again with a new key.
    const setup = await ok(app, 'users.beginTwoFactor', {}, { token });
    assert.notEqual(setup.key, account.key);
  });

  test('a recovery code turns two-factor off too (the phone is lost)', async () => {
    const account = await withTwoFactor();
    const { user } = await ok(
      app,
      'users.disableTwoFactor',
      { code: account.recoveryCodes[3] ?? '' },
      { token: account.token },
    );
    assert.equal(user.is2FA, false);
  });
}, PGLITE_ONLY);
