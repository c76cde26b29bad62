/**
 * One keepalive for every socket route, against the real server over loopback with a short
 * period: a support socket and a live-counter socket whose clients answer pings stay open and
 * usable across three periods, and a client that stops answering pings is cut on either route.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import {
  LIVE_SOCKET_PATH,
  type LiveCountersMessage,
  SUPPORT_SOCKET_PATH,
  type SupportServerMessage,
} from '../core/protocol/index.ts';
import { createServer } from '../server/app.ts';
import { type FreshDatabase, freshPglite } from './databases.ts';
import { testConfig } from './serverTesting.ts';
import { client, connect, ticket } from './supportTesting.ts';
import { waitFor } from './waitFor.ts';

/** Short enough to see several periods pass, long enough for a loopback pong on busy cores. */
const KEEPALIVE_MS = 150;

/** Periods a socket must survive. */
const PERIODS = 3;

let app: FastifyInstance;
let address = '';

let fresh: FreshDatabase;
before(async () => {
  fresh = await freshPglite();
  app = await createServer({ ...testConfig(), socketKeepaliveMs: KEEPALIVE_MS }, fresh.db);
  address = (await app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
});
after(async () => {
  await app.close();
  await fresh.close();
});

/** Counts the protocol pings a client socket receives. */
function pings(socket: WebSocket): () => number {
  let count = 0;
  socket.on('ping', () => {
    count += 1;
  });
  return () => count;
}

/** A live-counter client that keeps the latest figures. */
function liveClient(options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(`${address}${LIVE_SOCKET_PATH}`, options);
  let latest: LiveCountersMessage | null = null;
  socket.on('message', (data) => {
    latest = JSON.parse(String(data)) as LiveCountersMessage;
  });
  const online = (count: number) =>
    waitFor(`${count} live connection(s) counted`, () => latest?.count === count);
  return { socket, online, figures: () => latest };
}

/** The close code a socket ends with. */
function closeCode(socket: WebSocket): () => number | null {
  let code: number | null = null;
  socket.on('close', (closedWith) => {
    code = closedWith;
  });
  return () => code;
}

test(`support and live-counter sockets that answer pings stay open across ${PERIODS} keepalive periods`, async () => {
  const user = await client(app);
  const support = await connect(address, await ticket(app, user.token));
  const supportPings = pings(support.socket);
  const live = liveClient();
  const livePings = pings(live.socket);
  await live.online(1);

  // The server checks each answer when it sends the next ping: one more ping than periods means
  // every period's answer was checked.
  await waitFor(`${PERIODS + 1} pings on the support socket`, () => supportPings() > PERIODS);
  await waitFor(`${PERIODS + 1} pings on the live socket`, () => livePings() > PERIODS);

  assert.equal(support.socket.readyState, WebSocket.OPEN, 'the support socket is still open');
  assert.equal(live.socket.readyState, WebSocket.OPEN, 'the live socket is still open');
  support.send({
    type: 'SUPPORT_SEND_MESSAGE',
    id: 'kept-alive',
    text: 'Still here',
    attachment: null,
  });
  const echo = await support.next(
    (m: SupportServerMessage) => m.type === 'SUPPORT_SEND_MESSAGE' && m.message.id === 'kept-alive',
  );
  assert.ok(echo.type === 'SUPPORT_SEND_MESSAGE' && echo.error === undefined, 'stored and echoed');
  const second = liveClient();
  await live.online(2);

  second.socket.close();
  await live.online(1);
  live.socket.close();
  await support.close();
});

test('a client that stops answering pings is cut, on either route, and counted out', async () => {
  const user = await client(app);
  const supportTicket = await ticket(app, user.token);
  const watcher = liveClient();
  await watcher.online(1);
  const silentLive = liveClient({ autoPong: false });
  const liveClosed = closeCode(silentLive.socket);
  await silentLive.online(2);
  const silentSupport = new WebSocket(`${address}${SUPPORT_SOCKET_PATH}?token=${supportTicket}`, {
    autoPong: false,
  });
  const supportClosed = closeCode(silentSupport);

  // 1006: the server dropped the connection without a closing handshake.
  assert.equal(await waitFor('the silent live client to be cut', liveClosed), 1006);
  assert.equal(await waitFor('the silent support client to be cut', supportClosed), 1006);
  assert.equal(watcher.socket.readyState, WebSocket.OPEN, 'the answering client stays');
  const newcomer = liveClient();
  const { count } = await waitFor('figures for a new live client', newcomer.figures);
  assert.equal(count, 2, 'the cut client no longer counts as online');
  newcomer.socket.close();
  watcher.socket.close();
});
