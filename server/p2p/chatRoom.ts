/**
 * A P2P trade's chat as the support socket carries it: the seat a socket opened with `&trade=ID`
 * takes, and the room its messages go to. A message is stored once per (trade, id), echoed to its
 * writer, sent to every other socket on the trade (each reading its own side) and published as
 * news for the sides who did not write it, so their pages say so with the chat closed.
 */
import type { ServerEventBus } from '../events/ServerEvents.ts';
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
  };
}

/** A P2P trade's chat: a message goes to every socket on the trade, each reading its side. */
function tradeRoom(
  context: RoomContext,
  peer: SupportPeer,
  seat: ChatSeat,
  events: ServerEventBus,
): Room {
  const { db, hub, key } = context;
  const wire = (row: TradeMessageRow, reader: SupportPeer) =>
    tradeMessageToWire(row, { ...seat, userId: reader.userId }, key);
  return {
    inTrade: true,
    async stored(message) {
      const row = await findTradeMessage(db, seat.tradeId, message.id);
      return row === undefined ? null : { type: 'SUPPORT_SEND_MESSAGE', message: wire(row, peer) };
    },
    async store(message) {
      const { row, created } = await storeTradeMessage(db, seat, {
        id: message.id,
        text: message.text.trim(),
        attachment: message.attachment,
      });
      peer.send({ type: 'SUPPORT_SEND_MESSAGE', message: wire(row, peer) });
      if (!created) return;
      const readers = [seat.buyerId, seat.sellerId].filter((id) => id !== peer.userId);
      events.publish('p2p.tradeMessage', { tradeId: seat.tradeId, userIds: readers });
      hub.toTrade(
        seat.tradeId,
        (reader) => ({
          type: reader.userId === peer.userId ? 'SUPPORT_SEND_MESSAGE' : 'SUPPORT_NEW_MESSAGE',
          message: wire(row, reader),
        }),
        peer,
      );
    },
  };
}
