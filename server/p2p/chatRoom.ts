/**
 * A P2P trade's chat as the support socket carries it: the seat a socket opened with `&trade=ID`
 * takes, and the room its messages go to. A message is stored once per (trade, id) and published
 * as news, both for the sides who did not write it, so their pages say so with the chat closed,
 * and for every server, which sends it to its own sockets on the trade, each reading its side:
 * the writer's sockets get it as their echo. A server delivers a trade's messages after the last
 * one it delivered, in stored order, whatever order the news comes in. A side's read mark
 * (chatReads.ts) reaches the other side's sockets the same way, behind the messages it covers.
 */
import type { SupportServerMessage } from '../../core/protocol/index.ts';
import type { ServerEventBus, ServerEvents } from '../events/ServerEvents.ts';
import { ChatCursors } from '../support/chatCursors.ts';
import type { SupportPeer } from '../support/hub.ts';
import type { Room, RoomContext, TradeChats } from '../support/rooms.ts';
import {
  type ChatSeat,
  chatSeat,
  findTradeMessage,
  newestTradeMessageId,
  storeTradeMessage,
  type TradeMessageRow,
  tradeMessagesBetween,
  tradeMessageToWire,
} from './chat.ts';

/** The trade chats the support socket opens, publishing each new message on `events`. */
export function tradeChats(events: ServerEventBus): TradeChats {
  return {
    async seat(db, user, tradeId) {
      const seat = await chatSeat(db, user, tradeId);
      if (seat === null) return null;
      return { tradeId, room: (context, peer) => tradeRoom(context, peer, seat, events) };
    },
    follow(context) {
      const cursors = new ChatCursors(() => newestTradeMessageId(context.db));
      context.hub.followTrades(cursors);
      const stops = [
        events.subscribe('p2p.tradeMessage', (news) =>
          context.hub.inOrder(() => deliverTradeMessages(context, cursors, news)),
        ),
        events.subscribe('p2p.tradeRead', (news) =>
          context.hub.inOrder(() => deliverTradeRead(context, cursors, news)),
        ),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}

/** A P2P trade's chat: a message goes to every socket on the trade, each reading its side. */
function tradeRoom(
  context: RoomContext,
  peer: SupportPeer,
  seat: ChatSeat,
  events: ServerEventBus,
): Room {
  const { db, key } = context;
  return {
    inTrade: true,
    async stored(message) {
      const row = await findTradeMessage(db, seat.tradeId, message.id);
      if (row === undefined) return null;
      return { type: 'SUPPORT_SEND_MESSAGE', message: tradeMessageToWire(row, seat, key) };
    },
    async store(message) {
      const { row, created } = await storeTradeMessage(db, seat, {
        id: message.id,
        text: message.text.trim(),
        attachment: message.attachment,
      });
      if (!created) {
        peer.send({ type: 'SUPPORT_SEND_MESSAGE', message: tradeMessageToWire(row, seat, key) });
        return;
      }
      const readers = [seat.buyerId, seat.sellerId].filter((id) => id !== peer.userId);
      events.publish('p2p.tradeMessage', {
        tradeId: seat.tradeId,
        messageId: row.id,
        userIds: readers,
      });
    },
  };
}

/**
 * A trade's new messages, up to the one the news names and not delivered here yet, to this
 * server's sockets on it in stored order: the writer's echo, the others' news.
 */
function deliverTradeMessages(
  { db, hub, key }: RoomContext,
  cursors: ChatCursors,
  { tradeId, messageId }: ServerEvents['p2p.tradeMessage'],
): Promise<void> {
  return cursors.catchUp(
    tradeId,
    messageId,
    (after, upTo) => tradeMessagesBetween(db, tradeId, after, upTo),
    ({ buyer_id: buyerId, seller_id: sellerId, ...row }) =>
      hub.toTrade(tradeId, (reader) =>
        readerMessage(row, { tradeId, buyerId, sellerId }, reader, key),
      ),
  );
}

/**
 * A side's read mark to the other side's sockets on the trade, after every message up to the one
 * it covers: a mark never reaches a socket before the message it names.
 */
async function deliverTradeRead(
  context: RoomContext,
  cursors: ChatCursors,
  news: ServerEvents['p2p.tradeRead'],
): Promise<void> {
  const { tradeId, messageId, through, userIds } = news;
  await deliverTradeMessages(context, cursors, { tradeId, messageId, userIds: [] });
  for (const userId of userIds) {
    context.hub.toTradeSide(tradeId, userId, { type: 'TRADE_READ_MESSAGE', through });
  }
}

/** `row` as `reader` reads it, from their side of the trade. */
function readerMessage(
  row: TradeMessageRow,
  trade: { tradeId: number; buyerId: number; sellerId: number },
  reader: SupportPeer,
  key: Buffer,
): SupportServerMessage {
  const role =
    reader.userId === trade.buyerId
      ? 'buyer'
      : reader.userId === trade.sellerId
        ? 'seller'
        : 'staff';
  return {
    type: row.author_id === reader.userId ? 'SUPPORT_SEND_MESSAGE' : 'SUPPORT_NEW_MESSAGE',
    message: tradeMessageToWire(row, { ...trade, userId: reader.userId, role }, key),
  };
}
