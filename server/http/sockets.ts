/**
 * The WebSocket plugin and one keepalive for every socket route. Routes declare
 * `{ websocket: true }` after `registerSockets` and need nothing else: every socket the server
 * accepts, on any route, is pinged each period, and one that has not answered the previous ping
 * with a pong (RFC 6455 §5.5.2–5.5.3; browsers answer on their own) is dropped — a laptop closed
 * mid-session, a connection a proxy or NAT forgot. The pings also keep idle connections inside
 * a proxy's idle timeout.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';

/** How the sockets of every route are run. */
export interface SocketOptions {
  /** Time between two keepalive pings; a socket that has not answered by the next is dropped. */
  keepaliveMs: number;
  /** Largest frame any route accepts; bigger frames close the socket (1009). */
  maxPayload: number;
}

/** Sockets pinged before a keepalive round lets other work run (a market fan-out, API calls). */
const KEEPALIVE_BATCH = 250;

/** Registers @fastify/websocket once and starts the keepalive; call before any socket route. */
export async function registerSockets(app: FastifyInstance, options: SocketOptions): Promise<void> {
  // No per-message compression on any route: the market streams send one frame to a thousand
  // sockets, and compressing it would cost a deflate per socket instead of one shared buffer.
  await app.register(websocket, {
    options: { maxPayload: options.maxPayload, perMessageDeflate: false },
  });
  const server = app.websocketServer;

  // Sockets pinged and not yet answered. A socket joins on its first ping, so one that opened
  // moments before a tick still gets a full period to answer.
  const unanswered = new WeakSet<WebSocket>();
  server.on('connection', (socket: WebSocket) => {
    socket.on('pong', () => unanswered.delete(socket));
  });

  let closed = false;
  let round: Promise<void> | null = null;
  const check = async () => {
    const sockets = [...server.clients];
    for (let from = 0; from < sockets.length && !closed; from += KEEPALIVE_BATCH) {
      if (from > 0) await nextTurn();
      for (const socket of sockets.slice(from, from + KEEPALIVE_BATCH)) {
        if (unanswered.has(socket)) {
          socket.terminate();
        } else if (socket.readyState === socket.OPEN) {
          unanswered.add(socket);
          socket.ping();
        }
      }
    }
  };
  const keepalive = setInterval(() => {
    round ??= check().finally(() => {
      round = null;
    });
  }, options.keepaliveMs);
  keepalive.unref();
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(keepalive);
    await round;
  });
}

/** Close code 1013, Try Again Later (RFC 6455 §7.4, IANA registry): the client reconnects. */
export const TRY_AGAIN_LATER = 1013;

/**
 * Closes every socket the server holds, on every route, with `code`: clients reconnect (behind a
 * load balancer, maybe to another server) and take a fresh look at what they show.
 */
export function closeEverySocket(app: FastifyInstance, code: number, reason: string): void {
  for (const socket of app.websocketServer?.clients ?? []) socket.close(code, reason);
}
