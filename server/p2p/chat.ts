/**
 * A P2P trade's chat in storage: who has a seat in it (its two sides, and staff once it has been
 * disputed), storing a message once per (trade, client id) as support messages are, and turning
 * rows into the support wire's message, written from the reader's side. Attachments are the
 * support chat's (uploaded with the purpose 'p2p'); one sent here belongs to the trade after.
 */
import type { Selectable } from 'kysely';
import type { SupportMessage } from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { HISTORY_LIMIT } from '../support/dialogs.ts';
import { signedAttachmentPath } from '../support/signing.ts';
import type { P2pMessagesTable } from './P2pTables.ts';

/** A stored message of a trade's chat. */
export type TradeMessageRow = Selectable<P2pMessagesTable>;

/** One reader's or writer's place in a trade's chat. */
export interface ChatSeat {
  tradeId: number;
  buyerId: number;
  sellerId: number;
  /** The person sitting here. */
  userId: number;
  role: 'buyer' | 'seller' | 'staff';
}

/** While a trade takes messages: until it is released, cancelled, expired or returned. */
const WRITABLE = new Set(['opened', 'paid', 'disputed']);

/**
 * `user`'s seat in trade `tradeId`'s chat, or null: a side of the trade sits as buyer or seller;
 * staff sit only in a trade that has been disputed, to hear both sides.
 */
export async function chatSeat(
  db: Queryable,
  user: { id: number; isStaff: boolean },
  tradeId: number,
): Promise<ChatSeat | null> {
  const trade = await db
    .selectFrom('p2p_trades')
    .select(['buyer_id', 'seller_id', 'disputed_by'])
    .where('id', '=', tradeId)
    .executeTakeFirst();
  if (trade === undefined) return null;
  const seat = { tradeId, buyerId: trade.buyer_id, sellerId: trade.seller_id, userId: user.id };
  if (user.id === trade.buyer_id) return { ...seat, role: 'buyer' };
  if (user.id === trade.seller_id) return { ...seat, role: 'seller' };
  return user.isStaff && trade.disputed_by !== null ? { ...seat, role: 'staff' } : null;
}

/** What a new message of a trade's chat needs. */
export interface NewTradeMessage {
  /** The client-generated message id. */
  id: string;
  text: string;
  attachment: number | null;
}

/** The message already stored under a client id, if any. */
export function findTradeMessage(db: Queryable, tradeId: number, id: string) {
  return db
    .selectFrom('p2p_messages')
    .selectAll()
    .where('trade_id', '=', tradeId)
    .where('client_id', '=', id)
    .executeTakeFirst();
}

/**
 * Stores a message once per (trade, id) and returns the stored row; `created` is false for a
 * resend, which changes nothing (and is answered even after the trade ended). A new message
 * needs a trade still under way, and staff need it in dispute.
 */
export async function storeTradeMessage(
  db: Database,
  seat: ChatSeat,
  message: NewTradeMessage,
): Promise<{ row: TradeMessageRow; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const existing = await findTradeMessage(trx, seat.tradeId, message.id);
    if (existing !== undefined) return { row: existing, created: false };
    // The trade's row stays locked until the commit, so its chat's ids are taken in the order
    // they commit: a reader that sees one message sees every earlier one.
    const trade = await trx
      .selectFrom('p2p_trades')
      .select('status')
      .where('id', '=', seat.tradeId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
    if (!WRITABLE.has(trade.status)) throw refusal('tradeChat.ended');
    if (seat.role === 'staff' && trade.status !== 'disputed') {
      throw refusal('tradeChat.staffOutsideDispute');
    }
    if (message.attachment !== null) await claimAttachment(trx, seat, message.attachment);
    const row = await trx
      .insertInto('p2p_messages')
      .values({
        trade_id: seat.tradeId,
        client_id: message.id,
        author_id: seat.userId,
        text: message.text,
        attachment_id: message.attachment,
      })
      .onConflict((conflict) => conflict.columns(['trade_id', 'client_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row !== undefined) return { row, created: true };
    // Another connection stored the same id a moment ago: answer with its row.
    const stored = await findTradeMessage(trx, seat.tradeId, message.id);
    if (stored === undefined) throw new Error('A conflicting trade message vanished');
    return { row: stored, created: false };
  });
}

/**
 * Makes an uploaded attachment the trade's: it must be the writer's own, in no support dialog,
 * not an identity photo, and not already sent in another trade.
 */
async function claimAttachment(db: Queryable, seat: ChatSeat, attachmentId: number) {
  const attachment = await db
    .selectFrom('support_attachments')
    .select(['owner_id', 'dialog_id', 'purpose', 'p2p_trade_id'])
    .where('id', '=', attachmentId)
    .forUpdate()
    .executeTakeFirst();
  if (
    attachment === undefined ||
    attachment.owner_id !== seat.userId ||
    attachment.dialog_id !== null ||
    attachment.purpose === 'kyc' ||
    (attachment.p2p_trade_id !== null && attachment.p2p_trade_id !== seat.tradeId)
  ) {
    throw refusal('support.attachmentNotYours');
  }
  await db
    .updateTable('support_attachments')
    .set({ p2p_trade_id: seat.tradeId })
    .where('id', '=', attachmentId)
    .execute();
}

/** The newest HISTORY_LIMIT messages of a trade's chat, oldest first. */
export async function listTradeMessages(
  db: Queryable,
  tradeId: number,
): Promise<TradeMessageRow[]> {
  const rows = await db
    .selectFrom('p2p_messages')
    .selectAll()
    .where('trade_id', '=', tradeId)
    .orderBy('id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return rows.reverse();
}

/** The newest stored message id of any trade's chat, or 0 with none. */
export async function newestTradeMessageId(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('p2p_messages')
    .select((eb) => eb.fn.max('id').as('newest'))
    .executeTakeFirst();
  return row?.newest ?? 0;
}

/** A trade's chat's messages with ids in (after, upTo], oldest first, with the trade's sides. */
export function tradeMessagesBetween(db: Queryable, tradeId: number, after: number, upTo: number) {
  return db
    .selectFrom('p2p_messages as m')
    .innerJoin('p2p_trades as t', 't.id', 'm.trade_id')
    .selectAll('m')
    .select(['t.buyer_id', 't.seller_id'])
    .where('m.trade_id', '=', tradeId)
    .where('m.id', '>', after)
    .where('m.id', '<=', upTo)
    .orderBy('m.id')
    .execute();
}

/** Who wrote a message, as the other seats read it. */
function authorName(row: TradeMessageRow, seat: ChatSeat): string {
  if (row.author_id === seat.buyerId) return 'Buyer';
  if (row.author_id === seat.sellerId) return 'Seller';
  return 'Support';
}

/** The wire form of a stored message for `seat`'s reader, its attachment URL signed for them. */
export function tradeMessageToWire(
  row: TradeMessageRow,
  seat: ChatSeat,
  key: Buffer,
): SupportMessage {
  const mine = row.author_id === seat.userId;
  return {
    id: row.client_id,
    text: row.text,
    isOut: mine,
    createdAt: row.created_at.toISOString(),
    attachment:
      row.attachment_id === null
        ? null
        : {
            id: row.attachment_id,
            path: signedAttachmentPath(key, row.attachment_id, seat.userId),
          },
    video: null,
    faq: [],
    links: [],
    ...(mine ? {} : { from: authorName(row, seat) }),
  };
}
