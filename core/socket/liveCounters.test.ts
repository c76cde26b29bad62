import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FakeSocket } from './FakeSocket.ts';
import { connectLiveCounters, type LiveCounters, parseLiveCounters } from './liveCounters.ts';
import { RECONNECT_MAX_MS } from './reconnectingSocket.ts';

const latest = () => FakeSocket.all.at(-1) as FakeSocket;

/** Lets pending promise callbacks run (setImmediate stays real while timers are mocked). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The server's counters frame. */
function figures(socket: FakeSocket, views: number, count: number): void {
  socket.frame({ type: 'LIVE_COUNTERS', views, count });
}

test('only well-formed LIVE_COUNTERS frames count as figures', () => {
  assert.deepEqual(parseLiveCounters('{"type":"LIVE_COUNTERS","views":5,"count":2}'), {
    type: 'LIVE_COUNTERS',
    views: 5,
    count: 2,
  });
  for (const frame of [
    'not json',
    'null',
    '{"type":"LIVE_COUNTERS","views":"5","count":2}',
    '{"type":"PONG","views":5,"count":2}',
  ]) {
    assert.equal(parseLiveCounters(frame), null, frame);
  }
});

test('figures arrive live, a drop keeps them but says offline, and the socket comes back', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'] });
  FakeSocket.all = [];
  const changes: LiveCounters[] = [];
  const live = connectLiveCounters({
    baseUrl: 'https://exchange.example',
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    onChange: (counters) => changes.push(counters),
  });
  await settle();
  assert.equal(latest().url, 'wss://exchange.example/live-counters');
  latest().open();
  assert.deepEqual(changes, [], 'open but no figures yet: nothing to show');
  figures(latest(), 120, 3);
  latest().onmessage?.({ data: 'garbage' });
  figures(latest(), 121, 4);
  latest().close();
  assert.deepEqual(changes, [
    { views: 120, count: 3, connected: true },
    { views: 121, count: 4, connected: true },
    { views: 121, count: 4, connected: false },
  ]);

  // Reconnects until the server answers, however long it takes.
  t.mock.timers.tick(RECONNECT_MAX_MS);
  await settle();
  latest().close();
  t.mock.timers.tick(RECONNECT_MAX_MS);
  await settle();
  assert.equal(FakeSocket.all.length, 3);
  latest().open();
  figures(latest(), 130, 5);
  assert.deepEqual(changes.at(-1), { views: 130, count: 5, connected: true });
  assert.equal(changes.length, 4, 'failed attempts repeat no change');
  assert.deepEqual(
    FakeSocket.all.flatMap((made) => made.sent),
    [],
    'the client never speaks',
  );

  live.close();
  assert.equal(latest().readyState, 3, 'closing leaves the socket');
  t.mock.timers.tick(RECONNECT_MAX_MS);
  await settle();
  assert.equal(FakeSocket.all.length, 3, 'and never comes back');
  assert.equal(changes.length, 4, 'nothing is reported after close()');
});
