import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { FakeSocket } from './FakeSocket.ts';
import {
  openReconnectingSocket,
  RECONNECT_BASE_MS,
  type ReconnectingSocketOptions,
  type SocketStatus,
  socketUrl,
} from './reconnectingSocket.ts';

/** The latest socket made. */
const latest = () => FakeSocket.all.at(-1) as FakeSocket;

/** Lets pending promise callbacks run (setImmediate stays real while timers are mocked). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

beforeEach(() => {
  FakeSocket.all = [];
});

function open(options: Partial<ReconnectingSocketOptions> = {}) {
  const statuses: SocketStatus[] = [];
  const opens: boolean[] = [];
  const received: string[] = [];
  const socket = openReconnectingSocket({
    url: (ticket) => `ws://exchange.example/socket${ticket === null ? '' : `?ticket=${ticket}`}`,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    onOpen: (again) => opens.push(again),
    onMessage: (data) => received.push(data),
    onStatus: (status) => statuses.push(status),
    ...options,
  });
  return { socket, statuses, opens, received };
}

test('socket URLs follow the page scheme and carry their query', () => {
  assert.equal(
    socketUrl('https://api.example', '/market', { ticket: 'a b' }),
    'wss://api.example/market?ticket=a+b',
  );
  assert.equal(
    socketUrl('http://127.0.0.1:3000', '/live-counters'),
    'ws://127.0.0.1:3000/live-counters',
  );
});

test('a dropped connection comes back after a growing delay, and says so', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'] });
  // The delays' lower bound: half of each ceiling (250 ms, 500 ms, 1 s ...).
  t.mock.method(Math, 'random', () => 0);
  const { socket, statuses, opens, received } = open();
  await settle();
  assert.equal(FakeSocket.all.length, 1);
  assert.equal(latest().url, 'ws://exchange.example/socket', 'no ticket source: no ticket');
  latest().open();
  latest().deliver('hello');
  assert.deepEqual(received, ['hello']);
  assert.equal(socket.send('out'), true);
  assert.deepEqual(latest().sent, ['out']);

  latest().fail();
  assert.equal(socket.status, 'closed');
  assert.equal(socket.send('lost'), false, 'nothing is sent while down');
  for (const [attempt, delay] of [250, 500, 1000].entries()) {
    t.mock.timers.tick(delay - 1);
    await settle();
    assert.equal(FakeSocket.all.length, attempt + 1, `attempt ${attempt} waits its delay`);
    t.mock.timers.tick(1);
    await settle();
    assert.equal(FakeSocket.all.length, attempt + 2, `attempt ${attempt} after ${delay} ms`);
    if (attempt < 2) latest().fail();
  }
  latest().open();
  assert.deepEqual(opens, [false, true], 'onOpen says which open is a reconnect');
  latest().fail();
  t.mock.timers.tick(RECONNECT_BASE_MS / 2);
  await settle();
  assert.equal(FakeSocket.all.length, 5, 'an open connection starts the delays over');
  assert.deepEqual(statuses, [
    'open',
    'closed',
    'connecting',
    'closed',
    'connecting',
    'closed',
    'connecting',
    'open',
    'closed',
    'connecting',
  ]);
  socket.close();
});

test('a required ticket is fetched for every connect; without one it waits and asks again', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'] });
  t.mock.method(Math, 'random', () => 0);
  const tickets: (string | null)[] = [null, 'first', 'second'];
  const { socket } = open({ getTicket: async () => tickets.shift() ?? null, ticketRequired: true });
  await settle();
  assert.equal(FakeSocket.all.length, 0, 'no ticket, no connection');
  assert.equal(socket.status, 'closed');
  t.mock.timers.tick(250);
  await settle();
  assert.equal(latest().url, 'ws://exchange.example/socket?ticket=first');
  latest().open();
  latest().fail();
  t.mock.timers.tick(250);
  await settle();
  assert.equal(latest().url, 'ws://exchange.example/socket?ticket=second', 'a fresh ticket');
  socket.close();
});

test('pings go out while open, and a connection silent for two intervals is replaced', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'] });
  const { socket } = open({ ping: { frame: 'PING', intervalMs: 1000 } });
  await settle();
  const first = latest();
  first.open();
  t.mock.timers.tick(1000);
  assert.deepEqual(first.sent, ['PING']);
  // Any message is a sign of life.
  t.mock.timers.tick(1000);
  first.deliver('news');
  t.mock.timers.tick(2000);
  assert.equal(first.readyState, 1, 'heard from within two intervals: kept');
  t.mock.timers.tick(2000);
  assert.equal(first.readyState, 3, 'silent for longer: dropped');
  assert.equal(socket.status, 'closed');
  t.mock.timers.tick(RECONNECT_BASE_MS);
  await settle();
  assert.equal(FakeSocket.all.length, 2, 'and replaced');
  socket.close();
});

test('without a ping nothing is sent and silence is never judged', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'] });
  const { socket } = open();
  await settle();
  latest().open();
  t.mock.timers.tick(10 * 60_000);
  assert.deepEqual(latest().sent, []);
  assert.equal(socket.status, 'open');
  socket.close();
});

test('reconnect() connects again at once with a fresh ticket; an overtaken connect gives up', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'] });
  t.mock.method(Math, 'random', () => 0);
  let asked = 0;
  const answers: ((ticket: string) => void)[] = [];
  const { socket } = open({
    getTicket: () => {
      asked += 1;
      return new Promise((resolve) => answers.push(resolve));
    },
  });
  // A sign-in while the first ticket is on its way: the first answer must not open a socket.
  socket.reconnect();
  assert.equal(asked, 2);
  answers[1]?.('account-b');
  await settle();
  answers[0]?.('account-a');
  await settle();
  assert.deepEqual(
    FakeSocket.all.map((made) => made.url),
    ['ws://exchange.example/socket?ticket=account-b'],
  );
  latest().open();
  socket.reconnect();
  assert.equal(socket.status, 'closed');
  t.mock.timers.tick(250);
  assert.equal(asked, 3);
  answers[2]?.('account-c');
  await settle();
  assert.equal(latest().url, 'ws://exchange.example/socket?ticket=account-c');
  socket.close();
});

test('close() ends it for good: a normal closure, no reconnects, no pings', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'] });
  const { socket, statuses } = open({ ping: { frame: 'PING', intervalMs: 1000 } });
  await settle();
  const only = latest();
  only.open();
  socket.close();
  assert.equal(only.closedWith, 1000);
  assert.equal(socket.status, 'closed');
  t.mock.timers.tick(60_000);
  await settle();
  assert.equal(FakeSocket.all.length, 1);
  assert.deepEqual(only.sent, []);
  assert.deepEqual(statuses, ['open', 'closed']);
  socket.reconnect();
  await settle();
  assert.equal(FakeSocket.all.length, 1, 'reconnect() after close() does nothing');
});
