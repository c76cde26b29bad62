import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { SupportServerMessage } from './protocol/index.ts';
import { FakeSocket } from './socket/FakeSocket.ts';
import {
  connectSupport,
  messageId,
  RECONNECT_MAX_MS,
  reconnectDelay,
  type SupportSocketStatus,
  supportSocketUrl,
} from './supportSocket.ts';

/** Lets pending promise callbacks run (setImmediate stays real while timers are mocked). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** How long `until` waits before it fails. */
const UNTIL_TIMEOUT_MS = 5000;

/** Waits for a condition, checking every few milliseconds; fails naming `what` after 5 s. */
async function until(what: string, condition: () => boolean): Promise<void> {
  const deadline = Date.now() + UNTIL_TIMEOUT_MS;
  while (!condition()) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${UNTIL_TIMEOUT_MS} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function start(getTicket: () => Promise<string | null> = async () => 't'.repeat(43)) {
  FakeSocket.all = [];
  const received: SupportServerMessage[] = [];
  const statuses: SupportSocketStatus[] = [];
  let reconnects = 0;
  const connection = connectSupport({
    baseUrl: 'https://api.example',
    getTicket,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    onMessage: (message) => received.push(message),
    onStatus: (status) => statuses.push(status),
    onReconnect: () => {
      reconnects += 1;
    },
  });
  return { connection, received, statuses, reconnects: () => reconnects };
}

const message = (id: string, text = 'hi') => ({
  id,
  text,
  isOut: true,
  createdAt: new Date(0).toISOString(),
  attachment: null,
  video: null,
  faq: [],
  links: [],
});

test('the socket URL carries the ticket and follows the page scheme', () => {
  assert.equal(
    supportSocketUrl('https://api.example', 'abc'),
    'wss://api.example/support?token=abc',
  );
  assert.equal(
    supportSocketUrl('http://127.0.0.1:3000', 'abc'),
    'ws://127.0.0.1:3000/support?token=abc',
  );
});

test('reconnect delays grow, stay capped and never drop below half the ceiling', () => {
  assert.equal(
    reconnectDelay(0, () => 0),
    250,
  );
  assert.equal(
    reconnectDelay(0, () => 1),
    500,
  );
  assert.equal(
    reconnectDelay(3, () => 0),
    2000,
  );
  assert.equal(
    reconnectDelay(50, () => 1),
    RECONNECT_MAX_MS,
  );
  assert.equal(
    reconnectDelay(50, () => 0),
    RECONNECT_MAX_MS / 2,
  );
});

test('message ids are UUIDs and unique', () => {
  const ids = new Set(Array.from({ length: 1000 }, messageId));
  assert.equal(ids.size, 1000);
  for (const id of ids)
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

test('messages written while connecting are sent in order once open', async () => {
  const { connection, statuses } = start();
  const a = connection.send({ text: 'one', attachment: null });
  const b = connection.send({ text: 'two', attachment: 5, userId: 9 });
  await until('the first socket', () => FakeSocket.all.length === 1);
  const socket = FakeSocket.all[0] as FakeSocket;
  assert.equal(socket.url, `wss://api.example/support?token=${'t'.repeat(43)}`);
  assert.deepEqual(socket.sentJson(), []);
  socket.open();
  assert.equal(connection.status, 'open');
  assert.deepEqual(socket.sentJson(), [
    { type: 'SUPPORT_SEND_MESSAGE', id: a, text: 'one', attachment: null },
    { type: 'SUPPORT_SEND_MESSAGE', id: b, text: 'two', attachment: 5, userId: 9 },
  ]);
  assert.deepEqual(statuses, ['open']);
  connection.close();
  assert.equal(connection.status, 'closed');
});

test('after a reconnect the client asks what the server has and resends only the rest, in order', async () => {
  const { connection, received, reconnects } = start();
  await until('the first socket', () => FakeSocket.all.length === 1);
  const first = FakeSocket.all[0] as FakeSocket;
  first.open();
  const a = connection.send({ text: 'a', attachment: null });
  const b = connection.send({ text: 'b', attachment: null });
  const c = connection.send({ text: 'c', attachment: null });
  first.frame({ type: 'SUPPORT_SEND_MESSAGE', message: message(a, 'a') });
  first.close();
  assert.equal(connection.status, 'closed');
  // Written offline: never on a socket, so not asked about.
  const d = connection.send({ text: 'd', attachment: null, userId: 4 });
  await until('a second socket after the drop', () => FakeSocket.all.length === 2);
  const second = FakeSocket.all[1] as FakeSocket;
  second.open();
  assert.deepEqual(second.sentJson(), [{ type: 'SUPPORT_RESUME', sends: [{ id: b }, { id: c }] }]);
  assert.equal(reconnects(), 1);
  // Held until the answer, behind the older ones.
  const e = connection.send({ text: 'e', attachment: null });
  assert.equal(second.sentJson().length, 1);
  // The server has c (stored from the old socket after b was lost on the way).
  second.frame({ type: 'SUPPORT_SEND_MESSAGE', message: message(c, 'c') });
  second.frame({ type: 'SUPPORT_RESUMED' });
  assert.deepEqual(
    second
      .sentJson()
      .slice(1)
      .map((frame) => (frame as { id: string }).id),
    [b, d, e],
  );
  assert.deepEqual(
    received.map((m) => ('message' in m ? m.message.id : m.type)),
    [a, c],
    'SUPPORT_RESUMED stays inside the client',
  );
  connection.close();
});

test('unechoed messages are resent after a reconnect; echoed ones are not', async () => {
  const { connection, received, reconnects } = start();
  await until('the first socket', () => FakeSocket.all.length === 1);
  const first = FakeSocket.all[0] as FakeSocket;
  first.open();
  const a = connection.send({ text: 'a', attachment: null });
  const b = connection.send({ text: 'b', attachment: null });
  first.frame({ type: 'SUPPORT_SEND_MESSAGE', message: message(a, 'a') });
  first.close();
  assert.equal(connection.status, 'closed');
  await until('a second socket after the drop', () => FakeSocket.all.length === 2);
  const second = FakeSocket.all[1] as FakeSocket;
  second.open();
  second.frame({ type: 'SUPPORT_RESUMED' });
  assert.deepEqual(
    second
      .sentJson()
      .map((frame) => (frame as { id?: string }).id ?? (frame as { type: string }).type),
    ['SUPPORT_RESUME', b],
  );
  assert.equal(reconnects(), 1);
  // The same echo twice (old and new socket) reaches onMessage once.
  second.frame({ type: 'SUPPORT_SEND_MESSAGE', message: message(b, 'b') });
  second.frame({ type: 'SUPPORT_SEND_MESSAGE', message: message(b, 'b') });
  second.frame({ type: 'SUPPORT_NEW_MESSAGE', message: message('staff-1') });
  second.frame({ type: 'SUPPORT_NEW_MESSAGE', message: message('staff-1') });
  assert.deepEqual(
    received.map((m) => ('message' in m ? m.message.id : m.type)),
    [a, b, 'staff-1'],
  );
  connection.close();
});

test('a refused send is passed on with its error and not resent', async () => {
  const { connection, received } = start();
  await until('the first socket', () => FakeSocket.all.length === 1);
  const first = FakeSocket.all[0] as FakeSocket;
  first.open();
  const id = connection.send({ text: '', attachment: null });
  first.frame({
    type: 'SUPPORT_SEND_MESSAGE',
    message: message(id, ''),
    error: 'Write a message.',
  });
  assert.equal(received.length, 1);
  first.close();
  await until('a second socket after the drop', () => FakeSocket.all.length === 2);
  (FakeSocket.all[1] as FakeSocket).open();
  assert.deepEqual((FakeSocket.all[1] as FakeSocket).sentJson(), []);
  connection.close();
});

test('typing is throttled and only sent while open', async () => {
  const { connection } = start();
  connection.typing();
  await until('the first socket', () => FakeSocket.all.length === 1);
  const socket = FakeSocket.all[0] as FakeSocket;
  socket.open();
  connection.typing();
  connection.typing();
  connection.typing(7);
  assert.deepEqual(socket.sentJson(), [
    { type: 'SUPPORT_TYPING' },
    { type: 'SUPPORT_TYPING', userId: 7 },
  ]);
  connection.close();
});

test('without a ticket it keeps trying, and close() stops everything', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  let asked = 0;
  const { connection } = start(async () => {
    asked += 1;
    return null;
  });
  await settle();
  assert.equal(asked, 1);
  // The longest a reconnect ever waits: past it, a live connection has surely asked again.
  t.mock.timers.tick(RECONNECT_MAX_MS);
  await settle();
  assert.equal(asked, 2, 'a refused ticket is asked for again after the delay');
  assert.equal(FakeSocket.all.length, 0);
  connection.close();
  t.mock.timers.tick(RECONNECT_MAX_MS);
  await settle();
  assert.equal(asked, 2, 'no attempt after close()');
});
