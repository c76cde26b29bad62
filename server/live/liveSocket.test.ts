import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { LIVE_SOCKET_PATH, type LiveCountersMessage } from '../../core/protocol.ts';
import { LiveHub } from './LiveHub.ts';
import { MAX_LIVE_CONNECTIONS_PER_IP, registerLiveSocket } from './liveSocket.ts';

/** A live client that remembers the latest figures and can wait for a condition on them. */
function client(url: string) {
  const socket = new WebSocket(url);
  let latest: LiveCountersMessage | null = null;
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    latest = JSON.parse(String(data));
    for (const wake of waiters.splice(0)) wake();
  });
  const until = async (test: (m: LiveCountersMessage) => boolean) => {
    while (!(latest && test(latest))) await new Promise<void>((wake) => waiters.push(wake));
    return latest;
  };
  return { socket, until };
}

describe('live-counter socket', () => {
  let app: FastifyInstance;
  let hub: LiveHub;
  let url = '';
  before(async () => {
    app = Fastify();
    await app.register(websocket);
    hub = new LiveHub(7);
    registerLiveSocket(app, hub);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    url = `${address.replace('http', 'ws')}${LIVE_SOCKET_PATH}`;
  });
  after(() => app.close());

  it('counts open connections as visitors online and falls back as they close', async () => {
    const clients = [client(url), client(url), client(url)];
    for (const c of clients) await c.until((m) => m.count === 3);
    const [first, ...rest] = clients;
    for (const c of rest) c.socket.close();
    const figures = await first?.until((m) => m.count === 1);
    assert.equal(figures?.views, 7, 'connections are not views');
    hub.recordView();
    assert.equal((await first?.until((m) => m.views === 8))?.count, 1);
    first?.socket.close();
  });

  it(`refuses more than ${MAX_LIVE_CONNECTIONS_PER_IP} connections from one address`, async () => {
    const clients = Array.from({ length: MAX_LIVE_CONNECTIONS_PER_IP }, () => client(url));
    for (const c of clients) await c.until((m) => m.count === MAX_LIVE_CONNECTIONS_PER_IP);
    const extra = new WebSocket(url);
    const code = await new Promise<number>((resolve) => extra.on('close', resolve));
    assert.equal(code, 1008);
    for (const c of clients) c.socket.close();
  });
});
