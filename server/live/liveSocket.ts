/**
 * The live-counter socket at LIVE_SOCKET_PATH. Counters are public figures meant for partner
 * pages, so any origin may connect; a per-IP cap keeps one client from inflating "online now".
 */
// The type import also brings @fastify/websocket's route options into Fastify's types.
import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { LIVE_SOCKET_PATH } from '../../core/protocol/index.ts';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import type { Database } from '../storage/db.ts';
import { LiveHub } from './LiveHub.ts';

/** Most live connections one IP may hold (tabs of one household, not a bot farm). */
export const MAX_LIVE_CONNECTIONS_PER_IP = 20;

/** Largest message a live client may send; it has nothing to say, so anything big is abuse. */
const MAX_PAYLOAD = 256;

/** Creates the hub from the views recorded so far, hearing the other servers on `events`. */
export async function createLiveHub(db: Database, events: ServerEventBus): Promise<LiveHub> {
  const { views } = await db
    .selectFrom('visitors')
    .select((eb) => eb.fn.countAll<number>().as('views'))
    .executeTakeFirstOrThrow();
  return new LiveHub(Number(views), events);
}

/** Registers the socket route; needs registerSockets (../sockets.ts) on `app` first. */
export function registerLiveSocket(app: FastifyInstance, hub: LiveHub): void {
  const perIp = new Map<string, number>();
  app.addHook('onClose', async () => hub.close());
  app.get(LIVE_SOCKET_PATH, { websocket: true }, (socket: WebSocket, request) => {
    const held = perIp.get(request.ip) ?? 0;
    if (held >= MAX_LIVE_CONNECTIONS_PER_IP) {
      socket.close(1008, 'Too many live connections from this address.');
      return;
    }
    perIp.set(request.ip, held + 1);
    const client = { send: (data: string) => socket.send(data) };
    hub.join(client);
    socket.on('message', (data: Buffer) => {
      if (data.length > MAX_PAYLOAD) socket.close(1009, 'Message too large.');
    });
    socket.on('close', () => {
      hub.leave(client);
      const left = (perIp.get(request.ip) ?? 1) - 1;
      if (left > 0) perIp.set(request.ip, left);
      else perIp.delete(request.ip);
    });
  });
}
