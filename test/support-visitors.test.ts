/**
 * A support-chat visitor (support.startVisitor, no account) on the real server over loopback, on
 * PGlite and PostgreSQL: the same socket, uploads and attachment links as an account holder,
 * staff seeing them as visitors, and nothing reaching beyond their own dialog.
 */

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { errorText } from '../core/errors/index.ts';
import { createServer } from '../server/app.ts';
import type { Database } from '../server/storage/db.ts';
import { forEachDatabase, PGLITE_ONLY } from './databases.ts';
import { ok, testConfig } from './serverTesting.ts';
import {
  type Account,
  client,
  connect,
  PNG,
  staff,
  ticket,
  uploadPng,
  visitor,
} from './supportTesting.ts';

forEachDatabase((open) => {
  let db: Database;
  let app: FastifyInstance;
  let address: string;
  let agent: Account;

  before(async () => {
    db = await open();
    app = await createServer(testConfig({ SUPPORT_RATE_LIMIT: '0' }), db);
    address = await app.listen({ host: '127.0.0.1', port: 0 });
    agent = await staff(app, db);
  });
  after(() => app.close());

  test('a visitor writes over the socket, staff see it as a visitor and reply', async () => {
    const guest = await visitor(app, { name: 'Grace', email: 'grace@example.com' });
    const tab = await connect(address, await ticket(app, guest.token));
    const desk = await connect(address, await ticket(app, agent.token));

    tab.send({ type: 'SUPPORT_TYPING' });
    assert.deepEqual(await desk.next((m) => m.type === 'SUPPORT_TYPING_MESSAGE'), {
      type: 'SUPPORT_TYPING_MESSAGE',
      userId: guest.id,
    });
    tab.send({ type: 'SUPPORT_SEND_MESSAGE', id: 'g1', text: 'Is there a fee?', attachment: null });
    const echo = await tab.next((m) => m.type === 'SUPPORT_SEND_MESSAGE' && m.message.id === 'g1');
    assert.ok(echo.type === 'SUPPORT_SEND_MESSAGE');
    assert.equal(echo.error, undefined);
    const delivered = await desk.next(
      (m) => m.type === 'SUPPORT_NEW_MESSAGE' && m.message.id === 'g1',
    );
    assert.ok(delivered.type === 'SUPPORT_NEW_MESSAGE');
    assert.equal(delivered.userId, guest.id);
    assert.equal(delivered.message.text, 'Is there a fee?');

    const { dialogs } = await ok(app, 'support.getDialogs', {}, { token: agent.token });
    const row = dialogs.find((d) => d.record.id === guest.id);
    assert.equal(row?.isVisitor, true);
    assert.equal(row?.record.login, 'Grace');
    assert.equal(row?.record.email, 'grace@example.com');
    assert.equal(row?.unread, 1);

    desk.send({
      type: 'SUPPORT_SEND_MESSAGE',
      id: 'r1',
      text: 'No fee for deposits.',
      attachment: null,
      userId: guest.id,
    });
    const reply = await tab.next((m) => m.type === 'SUPPORT_NEW_MESSAGE' && m.message.id === 'r1');
    assert.ok(reply.type === 'SUPPORT_NEW_MESSAGE');
    assert.equal(reply.message.text, 'No fee for deposits.');
    assert.equal(reply.message.isOut, false);

    const history = await ok(app, 'support.getHistory', {}, { token: guest.token });
    assert.deepEqual(
      history.messages.map((m) => [m.id, m.isOut]),
      [
        ['g1', true],
        ['r1', false],
      ],
    );
    assert.equal(history.unread, 1);
    await Promise.all([tab.close(), desk.close()]);
  });

  test("a visitor's socket reaches no other dialog", async () => {
    const guest = await visitor(app);
    const holder = await client(app);
    const holderTab = await connect(address, await ticket(app, holder.token));
    const tab = await connect(address, await ticket(app, guest.token));
    tab.send({
      type: 'SUPPORT_SEND_MESSAGE',
      id: 'x1',
      text: 'hi',
      attachment: null,
      userId: holder.id,
    });
    const answer = await tab.next((m) => m.type === 'SUPPORT_SEND_MESSAGE');
    assert.ok(answer.type === 'SUPPORT_SEND_MESSAGE');
    assert.equal(answer.error, errorText('support.notStaff'));
    tab.send({ type: 'SUPPORT_TYPING', userId: holder.id });
    holderTab.send({ type: 'PING' });
    await holderTab.next((m) => m.type === 'PONG');
    assert.deepEqual(holderTab.received, [{ type: 'PONG' }]);
    await Promise.all([tab.close(), holderTab.close()]);
  });

  test('a visitor uploads an attachment, sends it, and both sides can open it', async () => {
    const guest = await visitor(app);
    const attachment = await uploadPng(app, guest.token);
    const own = await app.inject({ method: 'GET', url: attachment.path });
    assert.equal(own.statusCode, 200);
    assert.deepEqual(own.rawPayload, PNG);

    const tab = await connect(address, await ticket(app, guest.token));
    tab.send({
      type: 'SUPPORT_SEND_MESSAGE',
      id: 'file-1',
      text: '',
      attachment: attachment.id,
    });
    const echo = await tab.next((m) => m.type === 'SUPPORT_SEND_MESSAGE');
    assert.ok(echo.type === 'SUPPORT_SEND_MESSAGE');
    assert.equal(echo.error, undefined);
    await tab.close();

    const dialog = await ok(app, 'support.getDialog', { userId: guest.id }, { token: agent.token });
    const path = dialog.messages[0]?.attachment?.path ?? '';
    const forStaff = await app.inject({ method: 'GET', url: path });
    assert.equal(forStaff.statusCode, 200);
    assert.deepEqual(forStaff.rawPayload, PNG);
    const stored = await db
      .selectFrom('support_attachments')
      .select('owner_id')
      .where('id', '=', attachment.id)
      .executeTakeFirstOrThrow();
    assert.equal(stored.owner_id, guest.id);
  });
}, PGLITE_ONLY);
