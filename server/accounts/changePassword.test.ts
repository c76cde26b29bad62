/**
 * Password change and the session list through the API, on PGlite and PostgreSQL: the other
 * sessions end (their open sockets close at once), the asking one stays, and the time of the
 * change is recorded.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { errorText } from '../../core/errors/index.ts';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { call, fails, ok, signUp, testConfig, uniqueEmail } from '../../test/serverTesting.ts';
import { connect, ticket } from '../../test/supportTesting.ts';
import { createServer } from '../app.ts';
import { SIGN_IN_ACCOUNT_POINTS } from '../http/limits.ts';
import type { Database } from '../storage/db.ts';

const WRONG_CREDENTIALS = errorText('account.wrongCredentials');
const SAME_PASSWORD = errorText('account.samePassword');
const WRONG_CURRENT_PASSWORD = errorText('account.wrongCurrentPassword');
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'staple battery horse';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let address: string;

  before(async () => {
    db = await open();
    app = await createServer(testConfig(), db);
    address = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(() => app.close());

  /** An account signed in three times, from three addresses. */
  async function threeSessions() {
    const email = uniqueEmail('sessions');
    const here = await signUp(app, email, PASSWORD, { ip: '10.7.0.1' });
    const signIn = async (ip: string) =>
      (await ok(app, 'users.signIn', { email, password: PASSWORD }, { ip })).token;
    return {
      email,
      id: here.user.id,
      here: here.token,
      laptop: await signIn('10.7.0.2'),
      phone: await signIn('10.7.0.3'),
    };
  }

  test('getSessions lists the working sessions, newest first, marking the current one', async () => {
    const account = await threeSessions();
    const ended = await ok(app, 'users.signIn', { email: account.email, password: PASSWORD });
    await ok(app, 'users.logout', {}, { token: ended.token });
    const { sessions } = await ok(app, 'users.getSessions', {}, { token: account.laptop });
    assert.deepEqual(
      sessions.map(({ ip, current }) => ({ ip, current })),
      [
        { ip: '10.7.0.3', current: false },
        { ip: '10.7.0.2', current: true },
        { ip: '10.7.0.1', current: false },
      ],
    );
    for (const session of sessions) {
      assert.ok(Math.abs(Date.parse(session.createdAt) - Date.now()) < 60_000);
    }
    // Another account's sessions are not listed.
    const other = await signUp(app);
    const theirs = await ok(app, 'users.getSessions', {}, { token: other.token });
    assert.equal(theirs.sessions.length, 1);
  });

  test('endOtherSessions signs out everywhere else and closes those sockets at once', async () => {
    const account = await threeSessions();
    const phoneTab = await connect(address, await ticket(app, account.phone));
    const closed = new Promise<number>((resolve) => phoneTab.socket.once('close', resolve));
    const { endedSessions } = await ok(app, 'users.endOtherSessions', {}, { token: account.here });
    assert.equal(endedSessions, 2);
    assert.equal(await closed, 1008);
    for (const token of [account.laptop, account.phone]) {
      assert.equal(
        await fails(app, { method: 'users.getInfo' }, { token }),
        errorText('access.signInRequired'),
      );
    }
    const { sessions } = await ok(app, 'users.getSessions', {}, { token: account.here });
    assert.deepEqual(
      sessions.map((session) => session.current),
      [true],
    );
    assert.equal(
      (await ok(app, 'users.endOtherSessions', {}, { token: account.here })).endedSessions,
      0,
    );
  });

  test('changePassword ends every other session, keeps this one and records when', async () => {
    const account = await threeSessions();
    const laptopTab = await connect(address, await ticket(app, account.laptop));
    const closed = new Promise<number>((resolve) => laptopTab.socket.once('close', resolve));
    const { endedSessions } = await ok(
      app,
      'users.changePassword',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      { token: account.here },
    );
    assert.equal(endedSessions, 2);
    assert.equal(await closed, 1008);
    for (const token of [account.laptop, account.phone]) {
      assert.equal(
        await fails(app, { method: 'users.getInfo' }, { token }),
        errorText('access.signInRequired'),
      );
    }
    await ok(app, 'users.getInfo', {}, { token: account.here });

    assert.equal(
      await fails(app, { method: 'users.signIn', email: account.email, password: PASSWORD }),
      WRONG_CREDENTIALS,
    );
    await ok(app, 'users.signIn', { email: account.email, password: NEW_PASSWORD });

    const row = await db
      .selectFrom('users')
      .select(['password_changed_at', 'password_hash'])
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    assert.ok(row.password_changed_at !== null);
    assert.ok(Math.abs(row.password_changed_at.getTime() - Date.now()) < 60_000);
    assert.ok(!row.password_hash.includes(NEW_PASSWORD));
  });

  test('changePassword refuses a wrong current password and a weak or unchanged new one', async () => {
    const { token, user } = await signUp(app);
    const change = (currentPassword: string, newPassword: string) =>
      fails(app, { method: 'users.changePassword', currentPassword, newPassword }, { token });
    assert.equal(await change('wrong password', NEW_PASSWORD), WRONG_CURRENT_PASSWORD);
    assert.equal(await change(PASSWORD, 'short'), 'NewPassword must be at least 8 characters.');
    assert.equal(await change(PASSWORD, PASSWORD), SAME_PASSWORD);
    assert.equal(await change('', NEW_PASSWORD), 'CurrentPassword is required.');
    // Nothing changed.
    await ok(app, 'users.signIn', { email: user.email, password: PASSWORD });
    const row = await db
      .selectFrom('users')
      .select('password_changed_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.password_changed_at, null);
  });

  test(`wrong current passwords count against the account's sign-in limit`, async () => {
    const { token, user } = await signUp(app);
    for (let i = 0; i < SIGN_IN_ACCOUNT_POINTS; i++) {
      const reply = await call(
        app,
        'users.changePassword',
        { currentPassword: `guess ${i}`, newPassword: NEW_PASSWORD },
        { token },
      );
      assert.equal(reply.status ? '' : reply.error_msg, WRONG_CURRENT_PASSWORD);
    }
    assert.match(
      await fails(
        app,
        { method: 'users.changePassword', currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
        { token },
      ),
      /^Too many failed password attempts\. Please try again in \d+ (minutes|seconds)\.$/,
    );
    assert.match(
      await fails(app, { method: 'users.signIn', email: user.email, password: PASSWORD }),
      /^Too many failed sign-in attempts/,
    );
  });
}, PGLITE_ONLY);
