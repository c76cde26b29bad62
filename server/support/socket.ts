/**
 * The support socket at `/support?token=TICKET`. The handshake checks the
 * Origin like the API does and redeems a single-use ticket (tickets.ts); then:
 * - PING is answered with PONG at once;
 * - SUPPORT_SEND_MESSAGE is stored once per (dialog, id) BEFORE anything is echoed or delivered:
 *   a client's message is echoed to all of that client's sockets and delivered to staff sockets
 *   as SUPPORT_NEW_MESSAGE with userId; a staff reply (naming userId) is echoed to staff sockets
 *   and delivered to the client, or pushed (Web Push) when the client has no socket open; a
 *   resend of a stored id answers the stored message to the sender only; a refused send answers
 *   SUPPORT_SEND_MESSAGE with `error`, its catalogue `errorCode` and the message as sent;
 * - SUPPORT_TYPING becomes SUPPORT_TYPING_MESSAGE on the other side;
 * - a side reading the dialog (the client's support.markRead, staff's support.getDialog) sends
 *   SUPPORT_READ_MESSAGE to both sides' sockets, when there was something unread.
 * Delivery goes through the event bus (delivery.ts): the server that stores a message publishes
 * it, and every server, this one too, sends it to its own sockets, so the two sides of a dialog
 * may sit on different servers sharing the database.
 * With `&trade=ID` the socket sits in that P2P trade's chat instead (its sides, and staff once
 * disputed, as the P2P domain's `TradeChats` seats them), with the same frames, delivery and checks: a message is stored once per
 * (trade, id) and goes to every other socket on the trade; typing goes there too, and a side's read
 * mark (p2p.markTradeChatRead) reaches the other side's sockets as TRADE_READ_MESSAGE.
 * Each socket's messages are handled one after another, so they are stored in the order sent.
 * Where a message is stored and whom it reaches is its room's (rooms.ts); the checks every room
 * shares (the frame, the text, a blocked sender, the send rate) are made before it: the handshake
 * in socketHandshake.ts, the receive loop in socketSession.ts, each send in sendReceiver.ts.
 */
// The type import also brings @fastify/websocket's route options into Fastify's types.

import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { SUPPORT_SOCKET_PATH } from '../../core/protocol/index.ts';
import type { Config } from '../config.ts';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import type { Database } from '../storage/db.ts';
import { deliverSupportNews } from './delivery.ts';
import type { SupportHub } from './hub.ts';
import type { SupportPresence } from './presence.ts';
import type { TradeChats } from './rooms.ts';
import { attachmentUrlKey } from './secrets.ts';
import { SendReceiver } from './sendReceiver.ts';
import { SendsUnderWay } from './sendsUnderWay.ts';
import { SocketHandshake } from './socketHandshake.ts';
import { type SessionContext, SocketSession } from './socketSession.ts';

/** What the socket needs from the server. */
export interface SupportSocketDependencies {
  db: Database;
  config: Config;
  hub: SupportHub;
  /** Whether a client has a socket open on any server; records this server's. */
  presence: SupportPresence;
  /** Each sender's messages a minute, counted where the server's other limits are; null: none. */
  sends: RateLimiterAbstract | null;
  /**
   * Where a logout or block is heard ('access.ended'), closing the sockets it opened, and where
   * support news is published and heard.
   */
  events: ServerEventBus;
  /** The P2P trades' chats a socket opens with `&trade=ID`. */
  tradeChats: TradeChats;
}

/** Registers the socket route; needs registerSockets (../sockets.ts) on `app` first. */
export async function registerSupportSocket(
  app: FastifyInstance,
  deps: SupportSocketDependencies,
): Promise<void> {
  const { db, config, hub, events, presence } = deps;
  const handshake = new SocketHandshake(db, new Set(config.allowedOrigins), deps.tradeChats);
  const rooms = {
    db,
    hub,
    events,
    presence,
    key: await attachmentUrlKey(db),
    pushSubject: config.support.pushSubject,
    log: app.log,
  };
  const context: SessionContext = {
    db,
    hub,
    rooms,
    events,
    presence,
    receiver: new SendReceiver(db, deps.sends),
    underWay: new SendsUnderWay(),
    log: app.log,
  };
  const stops = [deliverSupportNews(rooms), deps.tradeChats.follow(rooms)];
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });

  app.get(
    SUPPORT_SOCKET_PATH,
    {
      websocket: true,
      preValidation: (request, reply) => handshake.admit(request, reply),
    },
    (socket: WebSocket, request) => {
      const opened = handshake.openedBy(request);
      if (opened === undefined) {
        socket.close(1008, 'Not authorised');
        return;
      }
      new SocketSession(context, socket, opened, request.log);
    },
  );
}
