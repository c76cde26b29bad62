/**
 * A forgotten password, through a real SMTP server: the same answer for known and unknown
 * addresses, a link that works once and for 30 minutes, a new password that signs every session
 * out, and a mail saying the password changed.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { errorText } from '../../core/errors/index.ts';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { linkIn, type Mailbox, startMailbox } from '../../test/mailbox.ts';
import { fails, ok, signUp, testConfig } from '../../test/serverTesting.ts';
import { waitFor } from '../../test/waitFor.ts';
import { VERIFY_MESSAGES } from '../accounts/emailVerification.ts';
import { RESET_REQUESTED } from '../accounts/passwordReset.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';

const NEW_PASSWORD = 'a brand new password 7';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let mailbox: Mailbox;

  before(async () => {
    db = await open();
    mailbox = await startMailbox();
    app = await createServer(
      testConfig({
        API_RATE_LIMIT: '0',
        SMTP_URL: mailbox.url,
        MAIL_FROM: 'Exchange <no-reply@exchange.example>',
        PUBLIC_URL: 'https://exchange.example',
      }),
      db,
    );
    await app.ready();
  });
  after(async () => {
    await app.close();
    await mailbox.close();
  });

  /** Asks for a reset link for `email` from a fresh IP, and answers the reply's message. */
  let ips = 0;
  const forgot = async (email: string) =>
    (await ok(app, 'users.forgotPassword', { email }, { ip: `10.9.0.${++ips}` })).message;

  /** The `count`-th mail to `email` with `subject` (sign-up also mails a verification link). */
  const mailTo = (email: string, subject: string, count = 1) =>
    waitFor(
      `mail ${count} "${subject}" to ${email}`,
      () => mailbox.to(email).filter((mail) => mail.subject === subject)[count - 1],
    );
  const resetMail = (email: string) => mailTo(email, 'Set a new Exchange password');

  test('known and unknown addresses get the same answer; only the account gets a mail', async () => {
    const { user } = await signUp(app);
    assert.equal(await forgot(user.email), RESET_REQUESTED);
    assert.equal(await forgot('nobody-here@example.com'), RESET_REQUESTED);
    const mail = await resetMail(user.email);
    assert.equal(mail.subject, 'Set a new Exchange password');
    assert.deepEqual(mail.from?.value, [
      { address: 'no-reply@exchange.example', name: 'Exchange' },
    ]);
    const link = linkIn(mail, '/reset-password');
    assert.equal(link.origin, 'https://exchange.example');
    assert.match(String(mail.html), /href="https:\/\/exchange\.example\/reset-password\?token=/);
    assert.doesNotMatch(String(mail.html), /<img/);
    assert.match(mail.text ?? '', /If it was not you, ignore this mail/);
    // The database keeps the token's hash only.
    const stored = await db.selectFrom('mail_tokens').select('token_hash').execute();
    const token = link.searchParams.get('token') ?? '';
    assert.ok(stored.every((row) => row.token_hash !== token));
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(mailbox.to('nobody-here@example.com').length, 0);
  });

  test('sign-up mails a link that verifies the address once; a resend is refused once verified', async () => {
    const { user, token: session } = await signUp(app);
    assert.equal(user.isEmailVerified, false);
    const mail = await mailTo(user.email, 'Confirm your email address for Exchange');
    const verifyToken = linkIn(mail, '/verify-email').searchParams.get('token') ?? '';
    // Asking again voids the first link.
    assert.equal(
      (await ok(app, 'users.resendVerification', {}, { token: session })).message,
      VERIFY_MESSAGES.sent,
    );
    assert.equal(
      await fails(app, { method: 'users.verifyEmail', verifyToken }),
      errorText('link.used'),
    );
    const again = await mailTo(user.email, 'Confirm your email address for Exchange', 2);
    const fresh = linkIn(again, '/verify-email').searchParams.get('token') ?? '';
    assert.equal(
      (await ok(app, 'users.verifyEmail', { verifyToken: fresh })).message,
      VERIFY_MESSAGES.verified,
    );
    const { user: after } = await ok(app, 'users.getInfo', {}, { token: session });
    assert.equal(after.isEmailVerified, true);
    assert.equal(
      await fails(app, { method: 'users.verifyEmail', verifyToken: fresh }),
      errorText('link.used'),
    );
    assert.equal(
      await fails(app, { method: 'users.resendVerification' }, { token: session }),
      errorText('account.emailAlreadyVerified'),
    );
  });

  test('a reset link cannot verify an address, nor a verification link reset a password', async () => {
    const { user } = await signUp(app);
    const verifyToken =
      linkIn(
        await mailTo(user.email, 'Confirm your email address for Exchange'),
        '/verify-email',
      ).searchParams.get('token') ?? '';
    assert.equal(
      await fails(app, {
        method: 'users.resetPassword',
        resetToken: verifyToken,
        password: NEW_PASSWORD,
      }),
      errorText('link.unknown'),
    );
  });

  test('the link sets a new password once, signs every session out and mails a notice', async () => {
    const { user, token: session } = await signUp(app);
    const other = await ok(app, 'users.signIn', {
      email: user.email,
      password: 'correct horse battery',
    });
    await forgot(user.email);
    const token =
      linkIn(await resetMail(user.email), '/reset-password').searchParams.get('token') ?? '';

    const reset = await ok(app, 'users.resetPassword', {
      resetToken: token,
      password: NEW_PASSWORD,
    });
    assert.equal(reset.endedSessions, 2);
    for (const old of [session, other.token]) {
      const info = await app.inject({
        method: 'POST',
        url: '/api',
        payload: { method: 'users.getInfo', token: old },
      });
      assert.equal(JSON.parse(info.body).status, false, 'an old session is signed out');
    }
    assert.equal(
      await fails(app, {
        method: 'users.signIn',
        email: user.email,
        password: 'correct horse battery',
      }),
      errorText('account.wrongCredentials'),
    );
    await ok(app, 'users.signIn', { email: user.email, password: NEW_PASSWORD });
    const notice = await mailTo(user.email, 'Your Exchange password was changed');
    assert.equal(notice.subject, 'Your Exchange password was changed');
    assert.equal(linkIn(notice, '/signin').origin, 'https://exchange.example');

    assert.equal(
      await fails(app, {
        method: 'users.resetPassword',
        resetToken: token,
        password: 'another password 99',
      }),
      errorText('link.used'),
    );
  });

  test('an altered or expired link is refused and changes nothing', async () => {
    const { user } = await signUp(app);
    await forgot(user.email);
    const token =
      linkIn(await resetMail(user.email), '/reset-password').searchParams.get('token') ?? '';
    assert.equal(
      await fails(app, {
        method: 'users.resetPassword',
        resetToken: `${token.slice(0, -2)}xx`,
        password: NEW_PASSWORD,
      }),
      errorText('link.unknown'),
    );
    await db
      .updateTable('mail_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    assert.equal(
      await fails(app, {
        method: 'users.resetPassword',
        resetToken: token,
        password: NEW_PASSWORD,
      }),
      errorText('link.expired'),
    );
    await ok(app, 'users.signIn', { email: user.email, password: 'correct horse battery' });
  });

  test('bad input and asking too often get a clear message', async () => {
    assert.match(
      await fails(app, { method: 'users.forgotPassword', email: 'not an address' }),
      /mail/i,
    );
    assert.match(
      await fails(app, { method: 'users.resetPassword', resetToken: 'x', password: 'short' }),
      /Password/,
    );
    const address = 'often@example.com';
    for (let i = 0; i < 3; i++) await forgot(address);
    assert.match(
      await fails(app, { method: 'users.forgotPassword', email: address }, { ip: '10.9.1.1' }),
      /Too many links asked for/,
    );
  });
}, PGLITE_ONLY);
