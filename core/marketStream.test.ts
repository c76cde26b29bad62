import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MarketStream } from './marketStream.ts';
import type { MarketServerMessage, PublicTrade } from './protocol/index.ts';
import { FakeSocket } from './socket/FakeSocket.ts';

function trade(id: number): PublicTrade {
  return { id, price: '97000', amount: '0.1', takerSide: 'buy', time: '2026-11-23T10:00:00Z' };
}

function trades(...ids: number[]): MarketServerMessage {
  return { v: 1, type: 'trades', pair: 'BTC_USDT', snapshot: false, trades: ids.map(trade) };
}

function snapshot(...ids: number[]): MarketServerMessage {
  return { v: 1, type: 'trades', pair: 'BTC_USDT', snapshot: true, trades: ids.map(trade) };
}

/** A stream whose deliveries wait for the test's `deliver()`, as a browser's wait for its next frame. */
async function heldStream() {
  FakeSocket.all = [];
  const due: (() => void)[] = [];
  const stream = new MarketStream({
    baseUrl: 'http://exchange.test',
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    schedule: (deliver) => due.push(deliver),
  });
  const received: number[] = [];
  stream.subscribe({ stream: 'trades', pair: 'BTC_USDT' }, (message) => {
    if (message.type === 'trades') received.push(...message.trades.map((t) => t.id));
  });
  // The socket is dialled once the (absent) ticket has been asked for.
  while (FakeSocket.all.length === 0) await new Promise((resolve) => setImmediate(resolve));
  const socket = FakeSocket.all[0] as FakeSocket;
  socket.open();
  const deliver = () => {
    for (const run of due.splice(0)) run();
  };
  return { stream, socket, received, deliver, due };
}

test('frames that arrive before the next delivery reach their listeners together, in order', async () => {
  const { stream, socket, received, deliver, due } = await heldStream();
  socket.frame(trades(1));
  socket.frame([trades(2, 3), trades(4)]);
  socket.frame(trades(5));
  assert.deepEqual(received, [], 'nothing is handed over before the delivery');
  assert.equal(due.length, 1, 'one delivery for the whole burst');
  deliver();
  assert.deepEqual(received, [1, 2, 3, 4, 5]);
  socket.frame(trades(6));
  deliver();
  assert.deepEqual(received, [1, 2, 3, 4, 5, 6]);
  stream.close();
});

test('a snapshot ends its delivery: what came after it is handed over in the next one', async () => {
  const { stream, socket, received, deliver, due } = await heldStream();
  socket.frame(snapshot(1, 2));
  socket.frame([trades(3), snapshot(4)]);
  socket.frame(trades(5));
  deliver();
  assert.deepEqual(received, [1, 2], 'the first snapshot alone');
  assert.equal(due.length, 1, 'the rest waits for the next delivery');
  deliver();
  assert.deepEqual(received, [1, 2, 3, 4], 'up to and with the next snapshot');
  deliver();
  assert.deepEqual(received, [1, 2, 3, 4, 5]);
  assert.equal(due.length, 0, 'nothing left, nothing scheduled');
  stream.close();
});

test('a drop hands over everything received, snapshots or not', async () => {
  const { stream, socket, received } = await heldStream();
  socket.frame(snapshot(1));
  socket.frame(snapshot(2));
  socket.close();
  assert.deepEqual(received, [1, 2]);
  stream.close();
});

test('what arrived before a drop is handed over before the drop is heard of', async () => {
  const { stream, socket, received } = await heldStream();
  const heard: string[] = [];
  stream.onStatus((status) => heard.push(`${status} after ${received.length} trades`));
  socket.frame(trades(1, 2));
  socket.close();
  assert.deepEqual(received, [1, 2]);
  assert.equal(heard[0], 'closed after 2 trades');
  stream.close();
});

test('without frames to wait for (Node), every frame is handed over as it arrives', async () => {
  FakeSocket.all = [];
  const stream = new MarketStream({
    baseUrl: 'http://exchange.test',
    WebSocket: FakeSocket as unknown as typeof WebSocket,
  });
  const received: number[] = [];
  stream.subscribe({ stream: 'trades', pair: 'BTC_USDT' }, (message) => {
    if (message.type === 'trades') received.push(...message.trades.map((t) => t.id));
  });
  while (FakeSocket.all.length === 0) await new Promise((resolve) => setImmediate(resolve));
  const socket = FakeSocket.all[0] as FakeSocket;
  socket.open();
  socket.frame(trades(7));
  assert.deepEqual(received, [7]);
  stream.close();
});
