/**
 * Where a support socket's messages are stored and delivered. A socket writes to one room: a
 * support dialog (the client's own, or the one staff name with `userId`), or a P2P trade's chat
 * (with `&trade=ID`), which the P2P domain provides through `TradeChats`. The socket (socket.ts)
 * makes the checks every room shares before storing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type {
  ResumedSend,
  SupportClientMessage,
  SupportServerMessage,
} from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { ServerEventBus } from '../events/ServerEvents.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { echo } from './delivery.ts';
import { type MessageRow, storeMessage } from './dialogs.ts';
import type { SupportHub, SupportPeer } from './hub.ts';
import type { SupportPresence } from './presence.ts';
import { pushToUser } from './push.ts';

/** A send as the socket has checked it. */
export type SendMessage = Extract<SupportClientMessage, { type: 'SUPPORT_SEND_MESSAGE' }>;

/** What the rooms need of the server. */
export interface RoomContext {
  db: Database;
  hub: SupportHub;
  /** Where a stored message is published for every server to deliver. */
  events: ServerEventBus;
  /** Whether a client has a socket open on any server, before a reply is pushed. */
  presence: SupportPresence;
  /** Signs attachment URLs for their readers. */
  key: Buffer;
  /** The Web Push subject, for replies to a client with no socket open. */
  pushSubject: string;
  log: FastifyBaseLogger;
}

/** Where a socket's messages are stored and delivered: a support dialog, or a trade's chat. */
export interface Room {
  /** Messages name no client in a trade's chat. */
  readonly inTrade: boolean;
  /** The echo of the message already stored under this id (in `userId`'s dialog), or null. */
  stored(message: ResumedSend): Promise<SupportServerMessage | null>;
  /**
   * Stores the message (once) and publishes it, for every server to echo it to the sender's side
   * and deliver it to the other; a resend is answered to its sender alone.
   */
  store(message: SendMessage): Promise<void>;
}

/**
 * The chats a socket may open with `&trade=ID` instead of its support dialog: P2P trades'. The
 * P2P domain implements it, so the support chat never imports the trades it carries.
 */
export interface TradeChats {
  /** `user`'s seat in the trade's chat, or null when they have none. */
  seat(
    db: Queryable,
    user: { id: number; isStaff: boolean },
    tradeId: number,
  ): Promise<TradeSeat | null>;
  /**
   * Delivers the trades' chats' new messages, published by any server, to `context.hub`'s
   * sockets on them; returns the function that stops it.
   */
  follow(context: RoomContext): () => void;
}

/** A socket's place in one trade's chat. */
export interface TradeSeat {
  readonly tradeId: number;
  /** The room a socket in this seat writes to. */
  room(context: RoomContext, peer: SupportPeer): Room;
}

/** The support dialog a socket writes to: the client's own, or the one staff name. */
export function supportRoom(context: RoomContext, peer: SupportPeer): Room {
  const { db, key } = context;
  const clientOf = (message: ResumedSend) =>
    peer.isStaff ? (message.userId as number) : peer.userId;
  return {
    inTrade: false,
    async stored(message) {
      const clientId = clientOf(message);
      const row = await db
        .selectFrom('support_messages as m')
        .innerJoin('support_dialogs as d', 'd.id', 'm.dialog_id')
        .selectAll('m')
        .where('d.user_id', '=', clientId)
        .where('m.client_id', '=', message.id)
        .executeTakeFirst();
      return row === undefined ? null : echo(key, peer, row, clientId);
    },
    async store(message) {
      const clientId = clientOf(message);
      if (peer.isStaff) {
        const exists = await db
          .selectFrom('users')
          .select('id')
          .where('id', '=', clientId)
          .executeTakeFirst();
        if (exists === undefined) throw refusal('support.unknownClient');
      }
      const { row, created } = await storeMessage(db, {
        clientId,
        id: message.id,
        text: message.text.trim(),
        isOut: !peer.isStaff,
        authorId: peer.userId,
        attachment: message.attachment,
      });
      if (created) deliver(context, peer, row, clientId);
      else peer.send(echo(key, peer, row, clientId));
    },
  };
}

/**
 * A new support message, published for every server to deliver to its sockets of the dialog;
 * a staff reply is also pushed (Web Push) when the client has no socket open on any server.
 */
function deliver(
  { db, events, presence, pushSubject, log }: RoomContext,
  sender: SupportPeer,
  row: MessageRow,
  clientId: number,
): void {
  events.publish('support.message', { messageId: row.id, clientId, fromStaff: sender.isStaff });
  if (!sender.isStaff) return;
  const body = row.text || 'Sent you an attachment.';
  const push = async () => {
    if (await presence.isOnline(clientId)) return;
    await pushToUser(
      db,
      clientId,
      {
        title: 'Support',
        body: body.length > 120 ? `${body.slice(0, 119)}…` : body,
        url: '/account/',
      },
      pushSubject,
      log,
    );
  };
  push().catch((error: unknown) => log.error({ err: error }, 'Pushing a support reply failed'));
}
