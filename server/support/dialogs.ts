/**
 * Support dialogs and messages in storage: store a message once per (dialog, client id), keep
 * the unread counters and the inbox order, and turn rows into the wire's SupportMessage with
 * attachment URLs signed for whoever will read them.
 */
import type { Selectable } from 'kysely';
import type { SupportMessage } from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Database, Queryable } from '../storage/db.ts';
import type { SupportMessagesTable } from './SupportTables.ts';
import { signedAttachmentPath } from './signing.ts';

/** A stored message row. */
export type MessageRow = Selectable<SupportMessagesTable>;

/** Longest message text, in characters. */
export const MAX_MESSAGE_LENGTH = 4000;

/** Most messages a history answer carries (the newest ones). */
export const HISTORY_LIMIT = 1000;

/** What a new message needs. */
export interface NewMessage {
  /** The client whose dialog it belongs to. */
  clientId: number;
  /** The client-generated message id. */
  id: string;
  text: string;
  /** True when the client wrote it, false when staff did. */
  isOut: boolean;
  /** Who wrote it (the client or a staff member); the attachment must be theirs. */
  authorId: number;
  attachment: number | null;
}

/** The dialog id of a client, created on first need; its row stays locked until the commit. */
export async function ensureDialog(db: Queryable, clientId: number): Promise<number> {
  const row = await db
    .insertInto('support_dialogs')
    .values({ user_id: clientId, last_message_at: null })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ user_id: clientId }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Stores a message once per (dialog, id) and returns the stored row; `created` is false for a
 * resend of an id already stored, which changes nothing. A new message bumps the other side's
 * unread count and the dialog's last-message time in the same transaction.
 */
export async function storeMessage(
  db: Database,
  message: NewMessage,
): Promise<{ row: MessageRow; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    // The upsert locks the dialog's row before the message takes its id, so a dialog's ids are
    // taken in the order they commit: a reader that sees one message sees every earlier one.
    const dialogId = await ensureDialog(trx, message.clientId);
    const existing = await findMessage(trx, dialogId, message.id);
    if (existing !== undefined) return { row: existing, created: false };
    if (message.attachment !== null) {
      const attachment = await trx
        .selectFrom('support_attachments')
        .select(['owner_id', 'dialog_id'])
        .where('id', '=', message.attachment)
        .executeTakeFirst();
      if (
        attachment === undefined ||
        attachment.owner_id !== message.authorId ||
        (attachment.dialog_id !== null && attachment.dialog_id !== dialogId)
      ) {
        throw refusal('support.attachmentNotYours');
      }
    }
    const row = await trx
      .insertInto('support_messages')
      .values({
        dialog_id: dialogId,
        client_id: message.id,
        text: message.text,
        is_out: message.isOut,
        author_id: message.authorId,
        attachment_id: message.attachment,
        video: null,
      })
      .onConflict((conflict) => conflict.columns(['dialog_id', 'client_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    // Another connection stored the same id a moment ago: answer with its row.
    if (row === undefined) {
      return { row: await findMessageOrThrow(trx, dialogId, message.id), created: false };
    }
    let bump = trx
      .updateTable('support_dialogs')
      .set({ last_message_at: row.created_at })
      .where('id', '=', dialogId);
    bump = message.isOut
      ? bump.set((eb) => ({ unread_staff: eb('unread_staff', '+', 1) }))
      : bump.set((eb) => ({
          unread_client: eb('unread_client', '+', 1),
          // The first reply the client has not seen starts the wait before it is mailed.
          client_unread_since: eb.fn.coalesce('client_unread_since', eb.val(row.created_at)),
        }));
    await bump.execute();
    if (message.attachment !== null) {
      await trx
        .updateTable('support_attachments')
        .set({ dialog_id: dialogId })
        .where('id', '=', message.attachment)
        .execute();
    }
    return { row, created: true };
  });
}

/** The stored message of a dialog with a client-generated id. */
function messageQuery(db: Queryable, dialogId: number, id: string) {
  return db
    .selectFrom('support_messages')
    .selectAll()
    .where('dialog_id', '=', dialogId)
    .where('client_id', '=', id);
}

function findMessage(db: Queryable, dialogId: number, id: string) {
  return messageQuery(db, dialogId, id).executeTakeFirst();
}

function findMessageOrThrow(db: Queryable, dialogId: number, id: string) {
  return messageQuery(db, dialogId, id).executeTakeFirstOrThrow();
}

/** A client's dialog state, or null before the first message (or pin). */
export function findDialog(db: Queryable, clientId: number) {
  return db
    .selectFrom('support_dialogs')
    .selectAll()
    .where('user_id', '=', clientId)
    .executeTakeFirst();
}

/** The newest HISTORY_LIMIT messages of a client's dialog, oldest first. */
export async function listMessages(db: Queryable, clientId: number): Promise<MessageRow[]> {
  const rows = await db
    .selectFrom('support_messages as m')
    .innerJoin('support_dialogs as d', 'd.id', 'm.dialog_id')
    .selectAll('m')
    .where('d.user_id', '=', clientId)
    .orderBy('m.id', 'desc')
    .limit(HISTORY_LIMIT)
    .execute();
  return rows.reverse();
}

/**
 * Resets one side's unread count of a client's dialog; the client reading it has come back.
 * True when there was something unread, so the other side may be told it was read.
 */
export async function markRead(
  db: Queryable,
  clientId: number,
  side: 'client' | 'staff',
): Promise<boolean> {
  const column = side === 'client' ? 'unread_client' : 'unread_staff';
  const reset = await db
    .updateTable('support_dialogs')
    .set({ [column]: 0 })
    .where('user_id', '=', clientId)
    .where(column, '>', 0)
    .executeTakeFirst();
  if (side === 'client') await markClientBack(db, clientId);
  return reset.numUpdatedRows > 0n;
}

/** What a client's return resets: the replies waiting so far are not mailed (again). */
const CAME_BACK = { client_unread_since: null, reply_mailed_at: null } as const;

/**
 * The client opened the chat's socket: they are back, so the replies they have not read yet are
 * theirs to see on the site, and the next reply after they leave may be mailed again.
 */
export async function markClientBack(db: Queryable, clientId: number): Promise<void> {
  await db
    .updateTable('support_dialogs')
    .set(CAME_BACK)
    .where('user_id', '=', clientId)
    .where((eb) =>
      eb.or([eb('client_unread_since', 'is not', null), eb('reply_mailed_at', 'is not', null)]),
    )
    .execute();
}

/** The wire form of a stored message, its attachment URL signed for `viewer`. */
export function toWire(row: MessageRow, viewer: number, key: Buffer): SupportMessage {
  return {
    id: row.client_id,
    text: row.text,
    isOut: row.is_out,
    createdAt: row.created_at.toISOString(),
    attachment:
      row.attachment_id === null
        ? null
        : { id: row.attachment_id, path: signedAttachmentPath(key, row.attachment_id, viewer) },
    video: row.video,
    faq: row.faq,
    links: row.links,
  };
}

/** The newest stored message id of any dialog, or 0 with none. */
export async function newestMessageId(db: Queryable): Promise<number> {
  const row = await db
    .selectFrom('support_messages')
    .select((eb) => eb.fn.max('id').as('newest'))
    .executeTakeFirst();
  return row?.newest ?? 0;
}
