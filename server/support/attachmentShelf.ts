/**
 * Support's side of attachments: the row each checked upload becomes (and which dialog it
 * belongs to), where its bytes are kept, and who may open it through a signed link.
 *
 * On PostgreSQL the bytes go into the database in the row's own transaction, so every server
 * sharing it serves every file and no folder needs sharing; the checked upload's file is then
 * deleted. On PGlite (one process) the file stays in the upload folder, where reading it costs
 * the database's thread nothing. A file recorded before the database kept bytes is read from
 * the folder on either, until the sweep moves it in (movedFiles.ts).
 */
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { UserRow } from '../accounts/users.ts';
import type {
  AttachmentShelf,
  ClosedAttachment,
  OpenedAttachment,
  ShelvedFile,
  UploadPurpose,
} from '../http/uploads/attachmentShelf.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { copyIntoDatabase, readFromDatabase } from './attachmentBytes.ts';
import { ensureDialog } from './dialogs.ts';
import { signedAttachmentPath, verifyAttachmentUrl } from './signing.ts';

/** Where a recorded file's bytes are kept: in the database, or in the upload folder. */
export type BytesKept = 'database' | 'folder';

/** Attachments recorded in support_attachments and signed with `key`; uploads arrive in `dir`. */
export class SupportAttachments implements AttachmentShelf {
  constructor(
    private readonly db: Database,
    readonly dir: string,
    private readonly key: Buffer,
    private readonly kept: BytesKept,
  ) {}

  /** Records a checked file for its uploader: its id and the signed path the uploader opens it at. */
  async record(
    uploader: UserRow,
    purpose: UploadPurpose,
    file: ShelvedFile,
  ): Promise<{ id: number; path: string }> {
    // An identity photo or a trade's receipt belongs to no dialog: its owner and staff may
    // open it, and a receipt once sent, the trade's other side too. The dialog is made before
    // a copy that may take a second, so its row is not locked (and its messages held) so long.
    const dialogId =
      uploader.status_id > 0 || purpose !== 'support'
        ? null
        : await ensureDialog(this.db, uploader.id);
    const row = { owner_id: uploader.id, dialog_id: dialogId, purpose };
    if (this.kept === 'folder') return this.insert(this.db, row, file);
    const path = join(this.dir, file.storageName);
    const recorded = await this.db.transaction().execute(async (trx) => {
      const answer = await this.insert(trx, row, file);
      await copyIntoDatabase(trx, answer.id, path);
      return answer;
    });
    // Should the delete fail, the sweep removes the file: its bytes are in the database.
    await unlink(path).catch(() => {});
    return recorded;
  }

  /** The row of a checked file. */
  private async insert(
    db: Queryable,
    row: { owner_id: number; dialog_id: number | null; purpose: UploadPurpose },
    file: ShelvedFile,
  ): Promise<{ id: number; path: string }> {
    const { id } = await db
      .insertInto('support_attachments')
      .values({
        ...row,
        storage_name: file.storageName,
        original_name: file.shownName,
        mime: file.mime,
        size: file.size,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id, path: signedAttachmentPath(this.key, id, row.owner_id) };
  }

  /** The file a signed link opens for the viewer it was issued to, or why it opens nothing. */
  async open(
    id: number,
    query: Record<string, unknown>,
  ): Promise<OpenedAttachment | ClosedAttachment> {
    const viewer = verifyAttachmentUrl(this.key, id, query);
    if (viewer === null) return 'invalidLink';
    const row = await this.db
      .selectFrom('support_attachments as a')
      .leftJoin('support_dialogs as d', 'd.id', 'a.dialog_id')
      .leftJoin('p2p_trades as t', 't.id', 'a.p2p_trade_id')
      .select([
        'a.owner_id',
        'a.storage_name',
        'a.mime',
        'a.size',
        'a.original_name',
        'd.user_id',
        't.buyer_id',
        't.seller_id',
        sql<boolean>`exists (select 1 from support_attachment_chunks c
          where c.attachment_id = a.id)`.as('in_database'),
      ])
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (row === undefined) return 'notFound';
    const person = await this.db
      .selectFrom('users')
      .select(['id', 'status_id'])
      .where('id', '=', viewer)
      .where('is_blocked', '=', false)
      .executeTakeFirst();
    // The dialog's two sides: its client (or the uploader) and staff; a trade's two sides.
    const participant =
      person !== undefined &&
      (person.status_id > 0 ||
        [row.owner_id, row.user_id, row.buyer_id, row.seller_id].includes(person.id));
    if (!participant) return 'forbidden';
    const path = join(this.dir, row.storage_name);
    return {
      mime: row.mime,
      size: row.size,
      originalName: row.original_name,
      bytes: (range) =>
        row.in_database
          ? readFromDatabase(this.db, id, row.size, range)
          : createReadStream(path, range ?? undefined),
    };
  }
}
