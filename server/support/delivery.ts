/**
 * The support news every server hears on the event bus, from whichever server stored it, and
 * delivers to its own sockets: a dialog's new message (read by id, then built per socket since
 * attachment URLs are signed per reader) and typing, in support dialogs and trades' chats.
 */
import type { SupportServerMessage } from '../../core/protocol/index.ts';
import type { ServerEventBus, ServerEvents } from '../events/ServerEvents.ts';
import type { Queryable } from '../storage/db.ts';
import { type MessageRow, toWire } from './dialogs.ts';
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
  const { events, hub } = context;
  const stops = [
    events.subscribe('support.message', (news) => hub.inOrder(() => deliverMessage(context, news))),
    events.subscribe('support.typing', (news) => hub.inOrder(() => deliverTyping(hub, news))),
    events.subscribe('p2p.tradeTyping', ({ tradeId, userId }) =>
      hub.inOrder(() => hub.toTrade(tradeId, () => ({ type: 'SUPPORT_TYPING_MESSAGE' }), userId)),
    ),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * A new message to both sides of its dialog: a client's is echoed to all of the client's sockets
 * and is new to staff; a staff reply is echoed to every staff socket and is new to the client.
 */
async function deliverMessage(
  { db, hub, key }: DeliveryContext,
  { messageId, clientId, fromStaff }: ServerEvents['support.message'],
): Promise<void> {
  const row = await db
    .selectFrom('support_messages')
    .selectAll()
    .where('id', '=', messageId)
    .executeTakeFirst();
  // Gone already: the client's dialog was deleted with its account.
  if (row === undefined) return;
  if (!fromStaff) {
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
