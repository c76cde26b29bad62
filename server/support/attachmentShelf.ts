/**
 * Support's side of attachments: the row each checked upload becomes (and which dialog it
 * belongs to), and who may open it through a signed link.
 */
import type { UserRow } from '../accounts/users.ts';
import type {
  AttachmentShelf,
  ClosedAttachment,
  OpenedAttachment,
  ShelvedFile,
  UploadPurpose,
} from '../http/uploads/attachmentShelf.ts';
import type { Database } from '../storage/db.ts';
import { ensureDialog } from './dialogs.ts';
import { signedAttachmentPath, verifyAttachmentUrl } from './signing.ts';

/** The attachments kept in `dir`, recorded in support_attachments and signed with `key`. */
export class SupportAttachments implements AttachmentShelf {
  constructor(
    private readonly db: Database,
    readonly dir: string,
    private readonly key: Buffer,
  ) {}

  /** Records a checked file for its uploader: its id and the signed path the uploader opens it at. */
  async record(
    uploader: UserRow,
    purpose: UploadPurpose,
    file: ShelvedFile,
  ): Promise<{ id: number; path: string }> {
    // An identity photo or a trade's receipt belongs to no dialog: its owner and staff may
    // open it, and a receipt once sent, the trade's other side too.
    const dialogId =
      uploader.status_id > 0 || purpose !== 'support'
        ? null
        : await ensureDialog(this.db, uploader.id);
    const row = await this.db
      .insertInto('support_attachments')
      .values({
        owner_id: uploader.id,
        dialog_id: dialogId,
        storage_name: file.storageName,
        original_name: file.shownName,
        mime: file.mime,
        size: file.size,
        purpose,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, path: signedAttachmentPath(this.key, row.id, uploader.id) };
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
    return {
      storageName: row.storage_name,
      mime: row.mime,
      size: row.size,
      originalName: row.original_name,
    };
  }
}
