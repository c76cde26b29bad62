import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { LIVE_SOCKET_PATH, type LiveCountersMessage } from '../../core/protocol/index.ts';
import { waitFor } from '../../test/waitFor.ts';
import { EventBus } from '../events/EventBus.ts';
import type { ServerEvents } from '../events/ServerEvents.ts';
import { registerSockets } from '../http/sockets.ts';
import { LiveHub } from './LiveHub.ts';
import { MAX_LIVE_CONNECTIONS_PER_IP, registerLiveSocket } from './liveSocket.ts';

/** A live client that remembers the latest figures and can wait (named, with a deadline) for them. */
function client(url: string) {
  const socket = new WebSocket(url);
  let latest: LiveCountersMessage | null = null;
  socket.on('message', (data) => {
    latest = JSON.parse(String(data));
  });
  const until = (what: string, test: (m: LiveCountersMessage) => boolean) =>
    waitFor(`live figures with ${what}`, () => (latest && test(latest) ? latest : null));
  return { socket, until };
}

describe('live-counter socket', () => {
  let app: FastifyInstance;
  let hub: LiveHub;
  let url = '';
  before(async () => {
    app = Fastify();
    await registerSockets(app, { keepaliveMs: 30_000, maxPayload: 1024 });
    hub = new LiveHub(7, new EventBus<ServerEvents>());
    registerLiveSocket(app, hub);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    url = `${address.replace('http', 'ws')}${LIVE_SOCKET_PATH}`;
  });
  after(() => app.close());

  it('counts open connections as visitors online and falls back as they close', async () => {
    const clients = [client(url), client(url), client(url)];
    for (const c of clients) await c.until('3 online', (m) => m.count === 3);
    const [first, ...rest] = clients;
    for (const c of rest) c.socket.close();
    const figures = await first?.until('1 online', (m) => m.count === 1);
    assert.equal(figures?.views, 7, 'connections are not views');
    hub.recordView();
    assert.equal((await first?.until('8 views', (m) => m.views === 8))?.count, 1);
    first?.socket.close();
  });

  it(`refuses more than ${MAX_LIVE_CONNECTIONS_PER_IP} connections from one address`, async () => {
    const clients = Array.from({ length: MAX_LIVE_CONNECTIONS_PER_IP }, () => client(url));
    for (const c of clients) {
      await c.until(
        `${MAX_LIVE_CONNECTIONS_PER_IP} online`,
        (m) => m.count === MAX_LIVE_CONNECTIONS_PER_IP,
      );
    }
    const extra = new WebSocket(url);
    let code: number | null = null;
    extra.on('close', (closeCode) => {
      code = closeCode;
    });
    assert.equal(await waitFor('the server to close the extra connection', () => code), 1008);
    for (const c of clients) c.socket.close();
  });
});
