import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { STAFF_SETTABLE_FLAGS } from '../../core/protocol.ts';
import { forEachDatabase } from '../../test/databases.ts';
import { createServer } from '../app.ts';
import type { Database } from '../db.ts';
import { post } from '../ledger.ts';
import { storeMessage } from '../support/dialogs.ts';
import { fails, ok, send, signUp, testConfig } from '../testing.ts';
import { BAD_SUBSCRIPTION } from './push.ts';
import { STAFF_ONLY } from './registry.ts';
import { CANNOT_BLOCK_SELF, UNKNOWN_CLIENT } from './support.ts';

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
    app = await createServer(testConfig({ VERIFICATION_AMOUNT: '2500' }), db);
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
    });
    await say(user.id, 'm1', 'Hi');
    await say(user.id, 'r1', 'Hello, how can we help?', false);
    await say(user.id, 'r2', 'Are you there?', false);
    const history = await ok(app, 'support.getHistory', {}, { token });
    assert.equal(history.isNew, false);
    assert.equal(history.unread, 2);
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
    // Naming another client changes nothing: the dialog is always the caller's own.
    const named = await send(app, {
      method: 'support.getHistory',
      token: bob.token,
      subId: '',
      userId: alice.user.id,
    });
    assert.deepEqual(named.body.messages, []);
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
      assert.equal(await fails(app, body, { token }), STAFF_ONLY, body.method);
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

  test('getDialog and pinDialog refuse an unknown client and bad ids', async () => {
    for (const body of [
      { method: 'support.getDialog', userId: 999999 },
      { method: 'support.pinDialog', userId: 999999, pinned: true },
      { method: 'support.setUserFlag', userId: 999999, flag: 'isAbuse', value: true },
    ]) {
      assert.equal(await fails(app, body, { token: staffToken }), UNKNOWN_CLIENT, body.method);
    }
    assert.equal(
      await fails(app, { method: 'support.getDialog', userId: 'abc' }, { token: staffToken }),
      'UserId must be a number.',
    );
    assert.equal(
      await fails(app, { method: 'support.getDialog', userId: -1 }, { token: staffToken }),
      'UserId must be more than 0.',
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
      CANNOT_BLOCK_SELF,
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
        BAD_SUBSCRIPTION,
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
});
