import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { errorText } from '../../core/errors/index.ts';
import { STAFF_SETTABLE_FLAGS } from '../../core/protocol/index.ts';
import { forEachDatabase, PGLITE_ONLY } from '../../test/databases.ts';
import { fails, ok, send, signUp, testConfig, uniqueEmail } from '../../test/serverTesting.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import { purgeIdleVisitors, VISITOR_PASSWORD_HASH } from '../accounts/users.ts';
import { createServer } from '../app.ts';
import { VISITOR_IP_POINTS } from '../http/limits.ts';
import type { Database } from '../storage/db.ts';
import { storeMessage } from '../support/dialogs.ts';
import { post } from '../wallet/ledger.ts';

import { WRONG_CREDENTIALS } from './users.ts';

const SUBSCRIPTION = {
  endpoint: 'https://push.example.net/send/abc123',
  expirationTime: null,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let staffToken: string;
  let staffId: number;

  before(async () => {
    db = await open();
    app = await createServer(
      testConfig({ VERIFICATION_AMOUNT: '2500', ALLOWED_ORIGINS: 'https://news.partner.example' }),
      db,
    );
    const agent = await signUp(app);
    staffToken = agent.token;
    staffId = agent.user.id;
    await db.updateTable('users').set({ status_id: 1 }).where('id', '=', staffId).execute();
  });
  after(() => app.close());

  const say = (clientId: number, id: string, text: string, fromClient = true) =>
    storeMessage(db, {
      clientId,
      id,
      text,
      isOut: fromClient,
      authorId: fromClient ? clientId : staffId,
      attachment: null,
    });

  test('getHistory: a new client has no messages; then own messages and unread replies', async () => {
    const { token, user } = await signUp(app);
    assert.deepEqual(await ok(app, 'support.getHistory', {}, { token }), {
      status: true,
      messages: [],
      isNew: true,
      unread: 0,
      seen: true,
    });
    await say(user.id, 'm1', 'Hi');
    await say(user.id, 'r1', 'Hello, how can we help?', false);
    await say(user.id, 'r2', 'Are you there?', false);
    const history = await ok(app, 'support.getHistory', {}, { token });
    assert.equal(history.isNew, false);
    assert.equal(history.unread, 2);
    assert.equal(history.seen, false, 'staff have not read m1');
    assert.deepEqual(
      history.messages.map((m) => [m.id, m.text, m.isOut]),
      [
        ['m1', 'Hi', true],
        ['r1', 'Hello, how can we help?', false],
        ['r2', 'Are you there?', false],
      ],
    );
    await ok(app, 'support.markRead', {}, { token });
    assert.equal((await ok(app, 'support.getHistory', {}, { token })).unread, 0);
  });

  test("getHistory never shows another client's dialog", async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    await say(alice.user.id, 'secret', 'my card number is ...');
    const history = await ok(app, 'support.getHistory', {}, { token: bob.token });
    assert.deepEqual(history.messages, []);
    // Naming another client is refused: the dialog is always the caller's own.
    const named = await send(app, {
      method: 'support.getHistory',
      token: bob.token,
      subId: '',
      userId: alice.user.id,
    });
    assert.equal(named.body.status, false);
    assert.equal(named.body.error_msg, 'Unknown parameter "userId".');
    assert.equal(named.body.messages, undefined);
  });

  test('a resend of the same id stores one message and counts one unread', async () => {
    const { user } = await signUp(app);
    const first = await say(user.id, 'same', 'once');
    const again = await say(user.id, 'same', 'twice');
    assert.equal(first.created, true);
    assert.equal(again.created, false);
    assert.equal(again.row.text, 'once');
    const dialog = await db
      .selectFrom('support_dialogs')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    assert.equal(dialog.unread_staff, 1);
  });

  test('getSocketTicket gives a fresh ticket each time', async () => {
    const { token } = await signUp(app);
    const a = await ok(app, 'support.getSocketTicket', {}, { token });
    const b = await ok(app, 'support.getSocketTicket', {}, { token });
    assert.match(a.ticket, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(a.ticket, b.ticket);
    assert.notEqual(a.ticket, token);
  });

  test('staff methods refuse a signed-in client', async () => {
    const { token, user } = await signUp(app);
    for (const body of [
      { method: 'support.getDialogs' },
      { method: 'support.getDialog', userId: user.id },
      { method: 'support.pinDialog', userId: user.id, pinned: true },
      { method: 'support.setUserFlag', userId: user.id, flag: 'isBlocked', value: false },
    ]) {
      assert.equal(await fails(app, body, { token }), errorText('access.staffOnly'), body.method);
    }
  });

  test('getDialogs lists pinned dialogs first, then by last message, with unread counts and records', async () => {
    const early = await signUp(app);
    const late = await signUp(app);
    const pinned = await signUp(app);
    await say(pinned.user.id, 'p1', 'old but pinned');
    await say(early.user.id, 'e1', 'first');
    await say(late.user.id, 'l1', 'second');
    await say(late.user.id, 'l2', 'third');
    await ok(
      app,
      'support.pinDialog',
      { userId: pinned.user.id, pinned: true },
      { token: staffToken },
    );
    await post(db, {
      from: { system: 'deposits' },
      to: { user: late.user.id },
      ticker: 'USDT',
      amount: '150.5',
      reason: 'Deposit',
    });

    const { dialogs } = await ok(app, 'support.getDialogs', {}, { token: staffToken });
    const ours = dialogs.filter((d) =>
      [early.user.id, late.user.id, pinned.user.id].includes(d.record.id),
    );
    assert.deepEqual(
      ours.map((d) => [d.record.id, d.isPinned, d.unread]),
      [
        [pinned.user.id, true, 1],
        [late.user.id, false, 2],
        [early.user.id, false, 1],
      ],
    );
    assert.equal(dialogs[0]?.isPinned, true, 'pinned dialogs come first overall');
    const lateRow = ours[1];
    assert.equal(lateRow?.lastMessage?.text, 'third');
    assert.equal(lateRow?.isVisitor, false);
    const info = await ok(app, 'users.getInfo', {}, { token: late.token });
    assert.equal(lateRow?.record.balance, info.user.balance);
    assert.ok((lateRow?.record.deposits ?? 0) > 0);
    assert.equal(lateRow?.record.email, late.user.email);
    assert.equal(lateRow?.record.isBlocked, false);
    assert.deepEqual(lateRow?.record.country, { name: '', code: '' });

    await ok(
      app,
      'support.pinDialog',
      { userId: pinned.user.id, pinned: false },
      { token: staffToken },
    );
    const after = await ok(app, 'support.getDialogs', {}, { token: staffToken });
    assert.equal(after.dialogs.find((d) => d.record.id === pinned.user.id)?.isPinned, false);
  });

  test('getDialog returns the record, the variables and the messages, and marks it read', async () => {
    const { user, token } = await signUp(app, undefined, undefined, {
      headers: { host: 'coinhaven.example:8080' },
    });
    await post(db, {
      from: { system: 'deposits' },
      to: { user: user.id },
      ticker: 'USDT',
      amount: '40',
      reason: 'Deposit',
    });
    await say(user.id, 'q1', 'Where is my deposit?');
    const dialog = await ok(app, 'support.getDialog', { userId: user.id }, { token: staffToken });
    assert.equal(dialog.record.id, user.id);
    assert.deepEqual(
      dialog.messages.map((m) => m.text),
      ['Where is my deposit?'],
    );
    const info = await ok(app, 'users.getInfo', {}, { token });
    assert.deepEqual(dialog.variables, {
      domain: 'coinhaven.example',
      projectName: 'Coinhaven',
      verificationAmount: 2500,
      login: user.login,
      email: user.email,
      balance: info.user.balance,
      deposits: dialog.record.deposits,
      referalCode: user.referalCode,
      regDate: user.created_at.slice(0, 10),
    });
    assert.ok(dialog.record.deposits > 0);
    const { dialogs } = await ok(app, 'support.getDialogs', {}, { token: staffToken });
    assert.equal(dialogs.find((d) => d.record.id === user.id)?.unread, 0);
  });

  test("the inbox says whether the client has read staff's replies", async () => {
    const { user, token } = await signUp(app);
    const row = async () =>
      (await ok(app, 'support.getDialogs', {}, { token: staffToken })).dialogs.find(
        (d) => d.record.id === user.id,
      );
    await say(user.id, 'q1', 'Hello?');
    await say(user.id, 'a1', 'Hello, how can we help?', false);
    assert.equal((await row())?.seen, false, 'the reply is not read yet');
    await ok(app, 'support.markRead', {}, { token });
    assert.equal((await row())?.seen, true);
  });

  test('getDialog and pinDialog refuse an unknown client and bad ids', async () => {
    for (const body of [
      { method: 'support.getDialog', userId: 999999 },
      { method: 'support.pinDialog', userId: 999999, pinned: true },
      { method: 'support.setUserFlag', userId: 999999, flag: 'isAbuse', value: true },
    ]) {
      assert.equal(
        await fails(app, body, { token: staffToken }),
        errorText('support.unknownClient'),
        body.method,
      );
    }
    assert.equal(
      await fails(app, { method: 'support.getDialog', userId: 'abc' }, { token: staffToken }),
      'UserId must be a number.',
    );
    assert.equal(
      await fails(app, { method: 'support.getDialog', userId: -1 }, { token: staffToken }),
      'UserId must be at least 1.',
    );
    assert.equal(
      await fails(app, { method: 'support.pinDialog', userId: 1 }, { token: staffToken }),
      'Pinned is required.',
    );
  });

  test('setUserFlag sets each flag and never changes a balance', async () => {
    const { user, token } = await signUp(app);
    await post(db, {
      from: { system: 'deposits' },
      to: { user: user.id },
      ticker: 'USDT',
      amount: '10',
      reason: 'Deposit',
    });
    const before = await ok(app, 'users.getInfo', {}, { token });
    for (const flag of STAFF_SETTABLE_FLAGS.filter((f) => f !== 'isBlocked')) {
      const { record } = await ok(
        app,
        'support.setUserFlag',
        { userId: user.id, flag, value: true },
        { token: staffToken },
      );
      assert.equal(record[flag], true, flag);
    }
    const afterInfo = await ok(app, 'users.getInfo', {}, { token });
    assert.equal(afterInfo.user.balance, before.user.balance);
    assert.equal(afterInfo.user.isPremium, true);
    assert.equal(
      await fails(
        app,
        { method: 'support.setUserFlag', userId: user.id, flag: 'balance', value: true },
        { token: staffToken },
      ),
      'Flag is invalid.',
    );
  });

  test('blocking a client signs them out everywhere; staff cannot block themselves', async () => {
    const { user, token } = await signUp(app);
    const { record } = await ok(
      app,
      'support.setUserFlag',
      { userId: user.id, flag: 'isBlocked', value: true },
      { token: staffToken },
    );
    assert.equal(record.isBlocked, true);
    assert.equal(
      await fails(app, { method: 'support.getHistory' }, { token }),
      'Please sign in to continue.',
    );
    assert.equal(
      await fails(
        app,
        { method: 'support.setUserFlag', userId: staffId, flag: 'isBlocked', value: true },
        { token: staffToken },
      ),
      errorText('support.cannotBlockSelf'),
    );
  });

  test('push.getPublicKey answers the same VAPID key after a restart', async () => {
    const { publicKey } = await ok(app, 'push.getPublicKey', {}, {});
    assert.match(publicKey, /^[A-Za-z0-9_-]{87}$/);
    const again = await createServer(testConfig(), db);
    try {
      assert.equal((await ok(again, 'push.getPublicKey', {}, {})).publicKey, publicKey);
    } finally {
      await again.close();
    }
  });

  test('push.subscribe stores a valid subscription once per endpoint and refuses bad ones', async () => {
    const { token, user } = await signUp(app);
    await ok(app, 'push.subscribe', { subscription: JSON.stringify(SUBSCRIPTION) }, { token });
    await ok(app, 'push.subscribe', { subscription: JSON.stringify(SUBSCRIPTION) }, { token });
    const rows = await db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', SUBSCRIPTION.endpoint)
      .execute();
    assert.deepEqual(
      rows.map((r) => r.user_id),
      [user.id],
    );
    for (const bad of [
      'not json',
      '{}',
      JSON.stringify({ ...SUBSCRIPTION, endpoint: 'http://push.example.net/x' }),
      JSON.stringify({ ...SUBSCRIPTION, keys: { p256dh: 'short', auth: 'x' } }),
      JSON.stringify({ endpoint: SUBSCRIPTION.endpoint }),
    ]) {
      assert.equal(
        await fails(app, { method: 'push.subscribe', subscription: bad }, { token }),
        errorText('support.badPushSubscription'),
        bad,
      );
    }
    assert.equal(
      await fails(app, { method: 'push.subscribe' }, { token }),
      'Subscription is required.',
    );
    assert.equal(
      await fails(app, { method: 'push.subscribe', subscription: 'x'.repeat(5000) }, { token }),
      'Subscription must be at most 4096 characters.',
    );
  });

  describe('visitors', () => {
    let visitorIp = 0;
    /** Starts a visitor chat from an address of its own, so the per-IP limit stays out of it. */
    const startVisitor = (params: { name?: string; email?: string } = {}) => {
      visitorIp += 1;
      return ok(app, 'support.startVisitor', params, { ip: `10.2.0.${visitorIp}` });
    };
    const userRow = (id: number) =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    test('startVisitor without a name or email starts a session for "Visitor <id>"', async () => {
      const { token, user } = await startVisitor();
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      assert.match(user.login, /^Visitor [0-9a-f]{6}$/);
      assert.equal(user.email, '', 'the synthetic email never reaches the visitor');
      assert.equal(user.statusId, 0);
      assert.equal(user.balance, 0);
      assert.equal(user.referalCode, '');
      const row = await userRow(user.id);
      assert.equal(row.is_visitor, true);
      assert.equal(row.contact_email, null);
      assert.match(row.email, /^visitor-[0-9a-f]{32}@visitors\.invalid$/);
      assert.equal(
        row.login,
        `Visitor ${row.email.slice('visitor-'.length, 'visitor-'.length + 6)}`,
      );
      assert.equal(row.password_hash, VISITOR_PASSWORD_HASH);
      assert.equal(row.created_ip, `10.2.0.${visitorIp}`);
      // Blank fields, as an empty form sends them, count as not given.
      const blank = await startVisitor({ name: '   ', email: '' });
      assert.match(blank.user.login, /^Visitor [0-9a-f]{6}$/);
      assert.equal((await userRow(blank.user.id)).contact_email, null);
    });

    test('startVisitor records the site the visitor chats from: the partner page, else the API host', async () => {
      const partner = await ok(
        app,
        'support.startVisitor',
        {},
        { ip: '10.5.0.1', headers: { origin: 'https://news.partner.example' } },
      );
      assert.equal((await userRow(partner.user.id)).domain, 'news.partner.example');
      const direct = await startVisitor();
      assert.equal((await userRow(direct.user.id)).domain, 'localhost');
    });

    test('visitors who never exchanged a message are purged after a day; the rest stay', async () => {
      const idle = await startVisitor();
      const talked = await startVisitor();
      const fresh = await startVisitor();
      await say(talked.user.id, 'p1', 'Hello?');
      await db
        .updateTable('users')
        .set({ created_at: sql`now() - interval '25 hours'` })
        .where('id', 'in', [idle.user.id, talked.user.id])
        .execute();
      assert.ok((await purgeIdleVisitors(db)) >= 1);
      const left = await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [idle.user.id, talked.user.id, fresh.user.id])
        .execute();
      assert.deepEqual(
        left.map((row) => row.id).sort((a, b) => a - b),
        [talked.user.id, fresh.user.id],
      );
      assert.equal(
        await fails(app, { method: 'support.getHistory' }, { token: idle.token }),
        'Please sign in to continue.',
      );
    });

    test('startVisitor keeps the trimmed name and the normalised contact email', async () => {
      const { user } = await startVisitor({ name: '  Ada Lovelace ', email: ' Ada@Example.COM ' });
      assert.equal(user.login, 'Ada Lovelace');
      assert.equal(user.email, 'ada@example.com');
      const row = await userRow(user.id);
      assert.equal(row.contact_email, 'ada@example.com');
      assert.notEqual(row.email, 'ada@example.com', 'the contact email is not the account key');
      const again = await startVisitor({ name: 'Ada Lovelace', email: 'ada@example.com' });
      assert.notEqual(again.user.id, user.id, 'the same contact details start a new chat');
    });

    test('startVisitor refuses bad input with a message naming the field', async () => {
      const count = async () =>
        (await db.selectFrom('users').select('id').where('is_visitor', '=', true).execute()).length;
      const before = await count();
      const cases: [Record<string, unknown>, string][] = [
        [{ name: 'x'.repeat(65) }, 'Name must be at most 64 characters.'],
        [{ name: 42 }, 'Name must be a string.'],
        [{ name: null }, 'Name must be a string.'],
        [{ email: 'not-an-email' }, 'Email must be a valid email address.'],
        [{ email: `${'a'.repeat(250)}@b.com` }, 'Email must be at most 254 characters.'],
        [{ email: ['a@b.com'] }, 'Email must be a string.'],
        [{ email: true }, 'Email must be a string.'],
      ];
      for (const [params, message] of cases) {
        assert.equal(
          await fails(app, { method: 'support.startVisitor', ...params }, { ip: '10.3.0.1' }),
          message,
          JSON.stringify(params).slice(0, 40),
        );
      }
      assert.equal(await count(), before, 'no visitor row for a refused call');
      // 64 characters after trimming is the most a name may have.
      const longest = await startVisitor({ name: ` ${'n'.repeat(64)} ` });
      assert.equal(longest.user.login, 'n'.repeat(64));
    });

    test(`startVisitor allows ${VISITOR_IP_POINTS} chats per IP per hour`, async () => {
      const ip = '10.4.0.1';
      for (let i = 0; i < VISITOR_IP_POINTS; i++) {
        await ok(app, 'support.startVisitor', {}, { ip });
      }
      assert.match(
        await fails(app, { method: 'support.startVisitor' }, { ip }),
        /^Too many chats started from this address\. Please try again in \d+ minutes\.$/,
      );
      await ok(app, 'support.startVisitor', {}, { ip: '10.4.0.2' });
    });

    test('a visitor gets socket tickets, an empty history, and staff replies', async () => {
      const { token, user } = await startVisitor({ name: 'Grace' });
      const { ticket } = await ok(app, 'support.getSocketTicket', {}, { token });
      assert.match(ticket, /^[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(await ok(app, 'support.getHistory', {}, { token }), {
        status: true,
        messages: [],
        isNew: true,
        unread: 0,
        seen: true,
      });
      await say(user.id, 'v1', 'Can I deposit by card?');
      await say(user.id, 'v2', 'Yes: open Wallet, then Deposit.', false);
      const history = await ok(app, 'support.getHistory', {}, { token });
      assert.deepEqual(
        history.messages.map((m) => [m.id, m.text, m.isOut]),
        [
          ['v1', 'Can I deposit by card?', true],
          ['v2', 'Yes: open Wallet, then Deposit.', false],
        ],
      );
      assert.equal(history.unread, 1);
      await ok(app, 'support.markRead', {}, { token });
      assert.equal((await ok(app, 'support.getHistory', {}, { token })).unread, 0);
    });

    test('a visitor cannot use account methods nor sign in, and is never staff', async () => {
      const { token, user } = await startVisitor({ email: 'grace@example.com' });
      for (const body of [
        { method: 'users.logout' },
        { method: 'push.subscribe', subscription: JSON.stringify(SUBSCRIPTION) },
      ]) {
        assert.equal(
          await fails(app, body, { token }),
          errorText('access.accountRequired'),
          body.method,
        );
      }
      assert.equal(
        await fails(app, { method: 'currencies.getItems', limit: 10 }, { token }),
        errorText('access.accountRequired'),
      );
      assert.equal(
        await fails(app, { method: 'support.getDialogs' }, { token }),
        errorText('access.staffOnly'),
      );
      const info = await send(app, { method: 'users.getInfo', token, subId: '' });
      assert.equal(info.body.status, false);
      assert.equal(info.body.user, undefined);

      const row = await userRow(user.id);
      // Whatever the password, the synthetic and the contact email answer like unknown ones.
      for (const [email, password] of [
        [row.email, 'correct horse battery'],
        [row.email, VISITOR_PASSWORD_HASH],
        [row.email, row.password_hash],
        ['grace@example.com', 'correct horse battery'],
      ]) {
        assert.equal(
          await fails(app, { method: 'users.signIn', email, password }, { ip: '10.5.0.1' }),
          WRONG_CREDENTIALS,
          `${email} / ${password}`,
        );
      }
      assert.equal(await verifyPassword('', VISITOR_PASSWORD_HASH), false);
      // No account may take an address at the visitors' domain, whether or not it exists.
      for (const email of [row.email, 'someone@visitors.invalid']) {
        assert.equal(
          await fails(app, { method: 'users.signUp', email, password: 'long enough password' }),
          'Email must be a valid email address.',
        );
      }
      await assert.rejects(
        db.updateTable('users').set({ status_id: 1 }).where('id', '=', user.id).execute(),
        /users_visitor_not_staff/,
      );
      // A visitor's referral code (never shown to them) refers no one.
      const referred = await ok(
        app,
        'users.signUp',
        { email: uniqueEmail(), password: 'long enough password', ref: row.referral_code },
        { ip: '10.5.0.2' },
      );
      assert.equal((await userRow(referred.user.id)).referred_by, null);
    });

    test('the staff inbox marks visitor dialogs, with the name and contact email given', async () => {
      const named = await startVisitor({ name: 'Grace Hopper', email: 'Grace@Example.com' });
      const anonymous = await startVisitor();
      const holder = await signUp(app);
      await say(named.user.id, 'n1', 'Hello from the partner page');
      await say(anonymous.user.id, 'a1', 'Hi');
      await say(holder.user.id, 'h1', 'Hi, I have an account');
      const { dialogs } = await ok(app, 'support.getDialogs', {}, { token: staffToken });
      const row = (id: number) => dialogs.find((d) => d.record.id === id);
      assert.equal(row(named.user.id)?.isVisitor, true);
      assert.equal(row(named.user.id)?.record.isVisitor, true);
      assert.equal(row(named.user.id)?.record.login, 'Grace Hopper');
      assert.equal(row(named.user.id)?.record.email, 'grace@example.com');
      assert.equal(row(named.user.id)?.lastMessage?.text, 'Hello from the partner page');
      assert.equal(row(anonymous.user.id)?.isVisitor, true);
      assert.equal(row(anonymous.user.id)?.record.email, '');
      assert.equal(row(anonymous.user.id)?.record.login, anonymous.user.login);
      assert.equal(row(holder.user.id)?.isVisitor, false);
      assert.equal(row(holder.user.id)?.record.isVisitor, false);
      assert.equal(row(holder.user.id)?.record.email, holder.user.email);

      const dialog = await ok(
        app,
        'support.getDialog',
        { userId: named.user.id },
        { token: staffToken },
      );
      assert.equal(dialog.record.isVisitor, true);
      assert.equal(dialog.record.email, 'grace@example.com');
      assert.equal(dialog.variables.login, 'Grace Hopper');
      assert.equal(dialog.variables.email, 'grace@example.com');
      assert.equal(dialog.variables.referalCode, '');
      assert.deepEqual(
        dialog.messages.map((m) => m.text),
        ['Hello from the partner page'],
      );
      // Staff can block an abusive visitor like any client: the session stops working.
      await ok(
        app,
        'support.setUserFlag',
        { userId: named.user.id, flag: 'isBlocked', value: true },
        { token: staffToken },
      );
      assert.equal(
        await fails(app, { method: 'support.getHistory' }, { token: named.token }),
        'Please sign in to continue.',
      );
    });
  });
}, PGLITE_ONLY);
