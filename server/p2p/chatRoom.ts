/**
 * A P2P trade's chat as the support socket carries it: the seat a socket opened with `&trade=ID`
 * takes, and the room its messages go to. A message is stored once per (trade, id) and published
 * as news, both for the sides who did not write it, so their pages say so with the chat closed,
 * and for every server, which sends it to its own sockets on the trade, each reading its side:
 * the writer's sockets get it as their echo.
 */
import type { SupportServerMessage } from '../../core/protocol/index.ts';
import type { ServerEventBus, ServerEvents } from '../events/ServerEvents.ts';
import type { SupportPeer } from '../support/hub.ts';
import type { Room, RoomContext, TradeChats } from '../support/rooms.ts';
import {
  type ChatSeat,
  chatSeat,
  findTradeMessage,
  storeTradeMessage,
  type TradeMessageRow,
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
      return events.subscribe('p2p.tradeMessage', (news) =>
        context.hub.inOrder(() => deliverTradeMessage(context, news)),
      );
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

/** A new message to this server's sockets on its trade: the writer's echo, the others' news. */
async function deliverTradeMessage(
  { db, hub, key }: RoomContext,
  { tradeId, messageId }: ServerEvents['p2p.tradeMessage'],
): Promise<void> {
  const found = await db
    .selectFrom('p2p_messages as m')
    .innerJoin('p2p_trades as t', 't.id', 'm.trade_id')
    .selectAll('m')
    .select(['t.buyer_id', 't.seller_id'])
    .where('m.id', '=', messageId)
    .executeTakeFirst();
  if (found === undefined) return;
  const { buyer_id: buyerId, seller_id: sellerId, ...row } = found;
  hub.toTrade(tradeId, (reader) => readerMessage(row, { tradeId, buyerId, sellerId }, reader, key));
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
