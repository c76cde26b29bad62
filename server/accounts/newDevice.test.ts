/**
 * Sign-ins from a new device, through a real SMTP server: the sign-up's device and later sign-ins
 * from it (a browser update, another address of the same network) send nothing; a new browser or
 * network sends one mail naming the device, the place and the address, with a link to the
 * sessions; a failed sign-in sends nothing, nor does a right password whose two-factor code is
 * missing or wrong. And the pieces: networks, device names and places.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { errorText } from '../../core/errors/index.ts';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { linkIn, type Mailbox, mailingConfig, startMailbox } from '../../test/mailbox.ts';
import { fails, ok, uniqueEmail } from '../../test/serverTesting.ts';
import { waitFor } from '../../test/waitFor.ts';
import { createServer } from '../app.ts';
import type { Database } from '../storage/db.ts';
import { describeBrowser, deviceKey, networkOf, placeOf } from './newDevice.ts';
import { totpCode } from './totp.ts';

const TWO_FACTOR_REQUIRED = errorText('twoFactor.required');
const WRONG_CODE = errorText('twoFactor.wrongCode');
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_LINUX_NEXT = CHROME_LINUX.replace('Chrome/131.0.0.0', 'Chrome/132.0.6834.83');
const FIREFOX_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0';
const SUBJECT = 'New sign-in to your Exchange account';
const PASSWORD = 'correct horse battery';
const STEP_MS = 30_000;

/** Six digits that are none of the codes valid around now. */
function wrongCode(key: string): string {
  const valid = new Set([-1, 0, 1, 2].map((steps) => totpCode(key, Date.now() + steps * STEP_MS)));
  let guess = 123456;
  while (valid.has(String(guess))) guess += 1;
  return String(guess);
}

describe('what a device is', () => {
  test('networks: an IPv4 /24, an IPv6 /48, mapped addresses as IPv4', () => {
    assert.equal(networkOf('203.0.113.77'), '203.0.113.0/24');
    assert.equal(networkOf('::ffff:203.0.113.9'), '203.0.113.0/24');
    assert.equal(networkOf('2001:db8:abcd:12::1'), '2001:db8:abcd::/48');
    assert.equal(networkOf('2001:db8::1'), '2001:db8:0::/48');
  });

  test('names and places as the mail writes them', () => {
    assert.equal(describeBrowser(CHROME_LINUX), 'Chrome 131 on Linux');
    assert.equal(describeBrowser(FIREFOX_MAC), 'Firefox 133 on macOS');
    assert.equal(describeBrowser(''), 'An unknown browser');
    assert.equal(placeOf('81.2.69.142'), 'United Kingdom');
    assert.equal(placeOf('10.1.2.3'), 'an unknown place');
    assert.equal(placeOf('2001:db8::1'), 'an unknown place');
  });

  test('a browser update or another address of the network is the same device', () => {
    const home = deviceKey({ userAgent: CHROME_LINUX, ip: '203.0.113.7' });
    assert.equal(deviceKey({ userAgent: CHROME_LINUX_NEXT, ip: '203.0.113.200' }), home);
    assert.notEqual(deviceKey({ userAgent: FIREFOX_MAC, ip: '203.0.113.7' }), home);
    assert.notEqual(deviceKey({ userAgent: CHROME_LINUX, ip: '198.51.100.7' }), home);
  });
});

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let mailbox: Mailbox;

  before(async () => {
    db = await open();
    mailbox = await startMailbox();
    app = await createServer(mailingConfig(mailbox), db);
    await app.ready();
  });
  after(async () => {
    await app.close();
    await mailbox.close();
  });

  const from = (userAgent: string, ip: string) => ({ ip, headers: { 'user-agent': userAgent } });
  const signIn = (email: string, userAgent: string, ip: string) =>
    ok(app, 'users.signIn', { email, password: PASSWORD }, from(userAgent, ip));
  const alerts = (email: string) => mailbox.to(email).filter((mail) => mail.subject === SUBJECT);
  /**
   * The new-device mails queued for `email`, sent or not. A sign-in queues its mail in its own
   * transaction, so once the call has answered, none here is a real nothing: no waiting on the
   * sender needed.
   */
  const queued = async (email: string) =>
    (
      await db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', email)
        .where('subject', '=', SUBJECT)
        .execute()
    ).length;

  test('the sign-up device and its updates are known; a new one is mailed once', async () => {
    const email = uniqueEmail('device');
    await ok(app, 'users.signUp', { email, password: PASSWORD }, from(CHROME_LINUX, '81.2.69.10'));
    await signIn(email, CHROME_LINUX_NEXT, '81.2.69.99');
    assert.equal(await queued(email), 0, 'the same browser and network');

    await signIn(email, FIREFOX_MAC, '81.2.69.142');
    const mail = await waitFor('the new-device mail', () => alerts(email)[0]);
    assert.match(mail.text ?? '', /Device: Firefox 133 on macOS/);
    assert.match(mail.text ?? '', /Place: United Kingdom \(IP address 81\.2\.69\.142\)/);
    assert.match(mail.text ?? '', /signed into on \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    assert.equal(
      linkIn(mail, '/account/profile').href,
      'https://exchange.example/account/profile#sessions',
    );
    assert.match(mail.text ?? '', /If it was not you, change your password at once/);
    assert.match(mail.text ?? '', /"Sign out everywhere else" on the sessions page/);

    await signIn(email, FIREFOX_MAC, '81.2.69.143');
    assert.equal(await queued(email), 1, 'known from now on');

    // The sign-up's own browser from another network is a new device too.
    await signIn(email, CHROME_LINUX, '198.51.100.7');
    const second = await waitFor('the other network mail', () => alerts(email)[1]);
    assert.match(second.text ?? '', /Device: Chrome 131 on Linux/);
    assert.match(second.text ?? '', /Place: an unknown place \(IP address 198\.51\.100\.7\)/);
  });

  test('a failed sign-in from a new device sends nothing; an account with no devices starts quietly', async () => {
    const email = uniqueEmail('device');
    const { user } = await ok(
      app,
      'users.signUp',
      { email, password: PASSWORD },
      from(CHROME_LINUX, '81.2.69.10'),
    );
    await fails(
      app,
      { method: 'users.signIn', email, password: 'not the password' },
      from(FIREFOX_MAC, '198.51.100.4'),
    );
    // As an account opened before devices were recorded.
    await db.deleteFrom('known_devices').where('user_id', '=', user.id).execute();
    await signIn(email, FIREFOX_MAC, '198.51.100.4');
    assert.equal(await queued(email), 0);
    await signIn(email, CHROME_LINUX, '81.2.69.10');
    await waitFor('the new-device mail', () => alerts(email)[0]);
  });

  test('a right password with a missing or wrong two-factor code from a new device sends nothing', async () => {
    const email = uniqueEmail('device');
    const newDevice = from(FIREFOX_MAC, '198.51.100.4');
    const { token } = await ok(
      app,
      'users.signUp',
      { email, password: PASSWORD },
      from(CHROME_LINUX, '81.2.69.10'),
    );
    const { key } = await ok(app, 'users.beginTwoFactor', {}, { token });
    await ok(app, 'users.enableTwoFactor', { code: totpCode(key, Date.now()) }, { token });

    assert.equal(
      await fails(app, { method: 'users.signIn', email, password: PASSWORD }, newDevice),
      TWO_FACTOR_REQUIRED,
    );
    const code = wrongCode(key);
    assert.equal(
      await fails(app, { method: 'users.signIn', email, password: PASSWORD, code }, newDevice),
      WRONG_CODE,
    );
    assert.equal(await queued(email), 0);

    // The device was not recorded by the refused attempts: once the code passes, it is new.
    const next = totpCode(key, Date.now() + STEP_MS);
    await ok(app, 'users.signIn', { email, password: PASSWORD, code: next }, newDevice);
    const mail = await waitFor('the new-device mail', () => alerts(email)[0]);
    assert.match(mail.text ?? '', /Device: Firefox 133 on macOS/);
  });
}, PGLITE_ONLY);
