/**
 * The support news every server hears on the event bus, from whichever server stored it, and
 * delivers to its own sockets: a dialog's new messages (read from storage after the last one
 * delivered, so in stored order whatever order the news comes in, then built per socket since
 * attachment URLs are signed per reader), read marks, and typing, in support dialogs and trades'
 * chats.
 */
import type { SupportServerMessage } from '../../core/protocol/index.ts';
import type { ServerEventBus, ServerEvents } from '../events/ServerEvents.ts';
import type { Queryable } from '../storage/db.ts';
import { ChatCursors } from './chatCursors.ts';
import { type MessageRow, newestMessageId, toWire } from './dialogs.ts';
import type { SupportHub, SupportPeer } from './hub.ts';

/** What delivery needs of the server. */
export interface DeliveryContext {
  db: Queryable;
  hub: SupportHub;
  /** Signs attachment URLs for their readers. */
  key: Buffer;
  events: ServerEventBus;
}

/** Delivers support news from `events` to `hub`'s sockets; returns the function that stops it. */
export function deliverSupportNews(context: DeliveryContext): () => void {
  const { db, events, hub } = context;
  const cursors = new ChatCursors(() => newestMessageId(db));
  hub.followDialogs(cursors);
  const stops = [
    events.subscribe('support.message', (news) =>
      hub.inOrder(() => deliverMessages(context, cursors, news)),
    ),
    events.subscribe('support.typing', (news) => hub.inOrder(() => deliverTyping(hub, news))),
    // In turn behind the messages: a read mark never overtakes the message it covers.
    events.subscribe('support.read', (news) => hub.inOrder(() => deliverRead(hub, news))),
    events.subscribe('p2p.tradeTyping', ({ tradeId, userId }) =>
      hub.inOrder(() => hub.toTrade(tradeId, () => ({ type: 'SUPPORT_TYPING_MESSAGE' }), userId)),
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/** The dialog's messages up to the one the news names, not delivered here yet, in stored order. */
function deliverMessages(
  context: DeliveryContext,
  cursors: ChatCursors,
  { messageId, clientId }: ServerEvents['support.message'],
): Promise<void> {
  // A dialog deleted with its client's account reads as no messages.
  return cursors.catchUp(
    clientId,
    messageId,
    (after, upTo) => dialogMessagesBetween(context.db, clientId, after, upTo),
    (row) => deliverMessage(context, row, clientId),
  );
}

/** A client's dialog's messages with ids in (after, upTo], oldest first. */
function dialogMessagesBetween(db: Queryable, clientId: number, after: number, upTo: number) {
  return db
    .selectFrom('support_messages as m')
    .innerJoin('support_dialogs as d', 'd.id', 'm.dialog_id')
    .selectAll('m')
    .where('d.user_id', '=', clientId)
    .where('m.id', '>', after)
    .where('m.id', '<=', upTo)
    .orderBy('m.id')
    .execute();
}

/**
 * A new message to both sides of its dialog: a client's is echoed to all of the client's sockets
 * and is new to staff; a staff reply is echoed to every staff socket and is new to the client.
 */
function deliverMessage({ hub, key }: DeliveryContext, row: MessageRow, clientId: number): void {
  if (row.is_out) {
    hub.toClient(clientId, (peer) => echo(key, peer, row, clientId));
    hub.toStaff((peer) => ({
      type: 'SUPPORT_NEW_MESSAGE',
      message: toWire(row, peer.userId, key),
      userId: clientId,
    }));
    return;
  }
  hub.toStaff((peer) => echo(key, peer, row, clientId));
  hub.toClient(clientId, (peer) => ({
    type: 'SUPPORT_NEW_MESSAGE',
    message: toWire(row, peer.userId, key),
  }));
}

/** Typing to the dialog's other side: a client's to staff, naming them; staff's to the client. */
function deliverTyping(hub: SupportHub, { clientId, fromStaff }: ServerEvents['support.typing']) {
  if (fromStaff) hub.toClient(clientId, () => ({ type: 'SUPPORT_TYPING_MESSAGE' }));
  else hub.toStaff(() => ({ type: 'SUPPORT_TYPING_MESSAGE', userId: clientId }));
}

/**
 * A read mark to both sides of the dialog: the other side's messages were read, and the reader's
 * other sockets have nothing unread. Staff frames name the client.
 */
function deliverRead(hub: SupportHub, { clientId, reader }: ServerEvents['support.read']): void {
  hub.toClient(clientId, () => ({ type: 'SUPPORT_READ_MESSAGE', reader }));
  hub.toStaff(() => ({ type: 'SUPPORT_READ_MESSAGE', reader, userId: clientId }));
}

/** The echo of a stored support message, as `peer` reads it. */
export function echo(
  key: Buffer,
  peer: SupportPeer,
  row: MessageRow,
  clientId: number,
): SupportServerMessage {
  return {
    type: 'SUPPORT_SEND_MESSAGE',
    message: toWire(row, peer.userId, key),
    ...(peer.isStaff ? { userId: clientId } : {}),
  };
}
