/**
 * The support socket at `/support?token=TICKET`. The handshake checks the
 * Origin like the API does and redeems a single-use ticket (tickets.ts); then:
 * - PING is answered with PONG at once;
 * - SUPPORT_SEND_MESSAGE is stored once per (dialog, id) BEFORE anything is echoed or delivered:
 *   a client's message is echoed to all of that client's sockets and delivered to staff sockets
 *   as SUPPORT_NEW_MESSAGE with userId; a staff reply (naming userId) is echoed to staff sockets
 *   and delivered to the client, or pushed (Web Push) when the client has no socket open; a
 *   resend of a stored id answers the stored message to the sender only; a refused send answers
 *   SUPPORT_SEND_MESSAGE with `error` and the message as sent;
 * - SUPPORT_TYPING becomes SUPPORT_TYPING_MESSAGE on the other side.
 * With `&trade=ID` the socket sits in that P2P trade's chat instead (its sides, and staff once
 * disputed, as the P2P domain's `TradeChats` seats them), with the same frames, delivery and checks: a message is stored once per
 * (trade, id) and goes to every other socket on the trade; typing goes there too.
 * Each socket's messages are handled one after another, so they are stored in the order sent.
 * Where a message is stored and whom it reaches is its room's (rooms.ts); the checks every room
 * shares (the frame, the text, a blocked sender, the send rate) are made here.
 */
// The type import also brings @fastify/websocket's route options into Fastify's types.

import type { WebSocket } from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import { errorText, refusalOf } from '../../core/errors/index.ts';
import {
  SERVER_ERROR_TEXT,
  SUPPORT_SOCKET_PATH,
  type SupportClientMessage,
  type SupportMessage,
  type SupportServerMessage,
  TRADE_SOCKET_PARAM,
} from '../../core/protocol/index.ts';
import { AccessEnds, type Caller } from '../accounts/sessions.ts';
import { ACCOUNT_BLOCKED } from '../accounts/users.ts';
import type { Config } from '../config.ts';
import { DomainError } from '../errors/DomainError.ts';
import { checkRequestOrigin, envelope } from '../http/api.ts';
import { params, pattern, read, recordId, words } from '../http/fields.ts';
import { spend, waitText } from '../http/limits.ts';
import type { Database } from '../storage/db.ts';
import { MAX_MESSAGE_LENGTH, markClientBack } from './dialogs.ts';
import type { SupportHub, SupportPeer } from './hub.ts';
import {
  type Room,
  type RoomContext,
  type SendMessage,
  supportRoom,
  type TradeChats,
  type TradeSeat,
} from './rooms.ts';
import { attachmentUrlKey } from './secrets.ts';
import { redeemTicket } from './tickets.ts';

/** Largest socket frame accepted; bigger frames close the socket (1009). */
export const MAX_FRAME_BYTES = 32 * 1024;

/** Messages a socket may have waiting to be stored before it is closed as a flood. */
export const MAX_IN_FLIGHT = 1000;

/** The handshake answer for a missing, unknown, used or expired ticket. */

/** What the socket needs from the server. */
export interface SupportSocketDependencies {
  db: Database;
  config: Config;
  hub: SupportHub;
  /** A logout or block closes the sockets it opened. */
  accessEnds: AccessEnds;
  /** The P2P trades' chats a socket opens with `&trade=ID`. */
  tradeChats: TradeChats;
}

const sendSchema = params({
  type: z.literal('SUPPORT_SEND_MESSAGE'),
  id: pattern(/^[A-Za-z0-9_-]{1,64}$/, "1 to 64 letters, digits, '-' or '_'"),
  // The frame's size bounds it here; check() refuses over-long messages in the chat's own words.
  text: words({ max: MAX_FRAME_BYTES, multiline: true, trim: false }),
  attachment: recordId().nullable(),
  userId: recordId().optional(),
});

/** Registers the socket route; needs registerSockets (../sockets.ts) on `app` first. */
export async function registerSupportSocket(
  app: FastifyInstance,
  deps: SupportSocketDependencies,
): Promise<void> {
  const { db, config, hub } = deps;
  const allowed = new Set(config.allowedOrigins);
  const callers = new WeakMap<FastifyRequest, { caller: Caller; seat: TradeSeat | null }>();
  const limit = config.support.sendRateLimit;
  const sends = limit > 0 ? new RateLimiterMemory({ points: limit, duration: 60 }) : null;
  const rooms: RoomContext = {
    db,
    hub,
    key: await attachmentUrlKey(db),
    pushSubject: config.support.pushSubject,
    log: app.log,
  };

  app.get(
    SUPPORT_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        if (checkRequestOrigin(request, allowed) === 'foreign') {
          await reply.code(403).send(envelope(refusalOf('request.foreignOrigin')));
          return reply;
        }
        const query = request.query as Record<string, unknown>;
        const trade = query[TRADE_SOCKET_PARAM];
        const tradeId =
          trade === undefined
            ? null
            : recordId().safeParse(/^\d{1,10}$/.test(String(trade)) ? Number(trade) : 0);
        if (tradeId !== null && !tradeId.success) {
          await reply.code(403).send(envelope(refusalOf('support.tradeChatRefused')));
          return reply;
        }
        const caller = typeof query.token === 'string' ? await redeemTicket(db, query.token) : null;
        if (caller === null) {
          await reply.code(401).send(envelope(refusalOf('support.ticketRefused')));
          return reply;
        }
        const user = { id: caller.user.id, isStaff: caller.user.status_id > 0 };
        const seat = tradeId === null ? null : await deps.tradeChats.seat(db, user, tradeId.data);
        if (tradeId !== null && seat === null) {
          await reply.code(403).send(envelope(refusalOf('support.tradeChatRefused')));
          return reply;
        }
        callers.set(request, { caller, seat });
      },
    },
    (socket: WebSocket, request) => {
      const opened = callers.get(request);
      if (opened === undefined) {
        socket.close(1008, 'Not authorised');
        return;
      }
      const { seat } = opened;
      const { user, sessionId } = opened.caller;
      const peer: SupportPeer = {
        userId: user.id,
        isStaff: user.status_id > 0,
        send(message) {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        },
        close(reason) {
          socket.close(1008, reason);
        },
      };
      const room = seat === null ? supportRoom(rooms, peer) : seat.room(rooms, peer);
      if (seat === null) hub.add(peer);
      else hub.joinTrade(seat.tradeId, peer);
      if (!peer.isStaff && seat === null) {
        markClientBack(db, peer.userId).catch((error: unknown) =>
          app.log.error({ err: error }, 'Marking a support client back failed'),
        );
      }
      const stopListening = deps.accessEnds.on((end) => {
        if (AccessEnds.ends(end, sessionId, user.id)) peer.close('Signed out');
      });
      socket.on('close', () => {
        stopListening();
        if (seat === null) hub.remove(peer);
        else hub.leaveTrade(seat.tradeId, peer);
      });

      let chain: Promise<void> = Promise.resolve();
      let inFlight = 0;
      let flooded = false;
      socket.on('message', (data, isBinary) => {
        // registerSockets' maxPayload already enforces this unless it was given a larger one.
        const size = Array.isArray(data)
          ? data.reduce((sum, chunk) => sum + chunk.length, 0)
          : data.byteLength;
        if (size > MAX_FRAME_BYTES) {
          socket.close(1009, 'Message too large');
          return;
        }
        const message = isBinary ? null : parse(String(data));
        if (message === null) return;
        if (message.type === 'PING') {
          peer.send({ type: 'PONG' });
          return;
        }
        if (message.type === 'SUPPORT_TYPING') {
          if (seat === null) typing(peer, message.userId);
          else hub.toTrade(seat.tradeId, () => ({ type: 'SUPPORT_TYPING_MESSAGE' }), peer);
          return;
        }
        // Once flooded, nothing more from this socket is taken: accepting later messages after
        // dropping some would store them out of order. The client resends on a new socket.
        if (flooded) return;
        if (inFlight >= MAX_IN_FLIGHT) {
          flooded = true;
          socket.close(1008, 'Too many messages at once');
          return;
        }
        inFlight += 1;
        chain = chain
          .then(() => receive(peer, room, message))
          .catch((error: unknown) => request.log.error({ err: error }, 'support send failed'))
          .finally(() => {
            inFlight -= 1;
          });
      });
    },
  );

  function typing(peer: SupportPeer, userId: number | undefined): void {
    if (!peer.isStaff) {
      hub.toStaff(() => ({ type: 'SUPPORT_TYPING_MESSAGE', userId: peer.userId }));
    } else if (userId !== undefined) {
      hub.toClient(userId, () => ({ type: 'SUPPORT_TYPING_MESSAGE' }));
    }
  }

  /** Handles one send: a stored (or re-sent) message, or an error answer to the sender. */
  async function receive(peer: SupportPeer, room: Room, raw: unknown): Promise<void> {
    const reading = read(sendSchema, raw);
    if (!reading.ok) {
      peer.send(refusal(peer, raw, reading.error.message));
      return;
    }
    const message: SendMessage = reading.value as SendMessage;
    const problem = check(peer, message, room.inTrade);
    if (problem !== null) {
      peer.send(refusal(peer, message, problem));
      return;
    }
    try {
      const stored = await room.stored(message);
      if (stored !== null) {
        peer.send(stored);
        return;
      }
      // Blocking takes effect on open sockets too, not only at the next sign-in.
      const sender = await db
        .selectFrom('users')
        .select('is_blocked')
        .where('id', '=', peer.userId)
        .executeTakeFirst();
      if (sender === undefined || sender.is_blocked) {
        peer.send(refusal(peer, message, ACCOUNT_BLOCKED));
        peer.close('Account blocked');
        return;
      }
      if (sends !== null) {
        const wait = await spend(sends, String(peer.userId));
        if (wait > 0) {
          const text = `You are sending messages too fast. Please try again in ${waitText(wait)}.`;
          peer.send(refusal(peer, message, text));
          return;
        }
      }
      await room.store(message);
    } catch (error) {
      if (error instanceof DomainError) {
        peer.send(refusal(peer, message, error.message));
        return;
      }
      peer.send(refusal(peer, message, SERVER_ERROR_TEXT));
      throw error;
    }
  }
}

function check(peer: SupportPeer, message: SendMessage, inTrade: boolean): string | null {
  if (!inTrade) {
    if (!peer.isStaff && message.userId !== undefined && message.userId !== peer.userId) {
      return errorText('support.notStaff');
    }
    if (peer.isStaff && message.userId === undefined) return errorText('support.noClient');
  }
  if (message.text.length > MAX_MESSAGE_LENGTH)
    return errorText('support.messageTooLong', { max: MAX_MESSAGE_LENGTH });
  if (message.text.trim() === '' && message.attachment === null)
    return errorText('support.emptyMessage');
  return null;
}

/** The error answer: SUPPORT_SEND_MESSAGE with `error` and the message as it was sent. */
function refusal(peer: SupportPeer, raw: unknown, error: string): SupportServerMessage {
  const sent = (typeof raw === 'object' && raw !== null ? raw : {}) as Partial<SendMessage>;
  const attachment = typeof sent.attachment === 'number' ? sent.attachment : null;
  const message: SupportMessage = {
    id: typeof sent.id === 'string' ? sent.id.slice(0, 64) : '',
    text: typeof sent.text === 'string' ? sent.text.slice(0, MAX_MESSAGE_LENGTH) : '',
    isOut: !peer.isStaff,
    createdAt: new Date().toISOString(),
    attachment: attachment === null ? null : { id: attachment, path: '' },
    video: null,
    faq: [],
    links: [],
  };
  const userId = typeof sent.userId === 'number' ? sent.userId : undefined;
  return {
    type: 'SUPPORT_SEND_MESSAGE',
    message,
    error,
    ...(userId === undefined ? {} : { userId }),
  };
}

function parse(text: string): SupportClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as { type?: unknown }).type;
  if (type === 'PING') return { type: 'PING' };
  if (type === 'SUPPORT_TYPING') {
    const userId = recordId().safeParse((value as { userId?: unknown }).userId);
    return userId.success
      ? { type: 'SUPPORT_TYPING', userId: userId.data }
      : { type: 'SUPPORT_TYPING' };
  }
  // Validated in full (with a readable refusal) when its turn comes.
  if (type === 'SUPPORT_SEND_MESSAGE') return value as SupportClientMessage;
  return null;
}
