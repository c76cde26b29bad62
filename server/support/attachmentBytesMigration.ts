/**
 * Migration 0039_attachment_bytes: attachments kept in the database itself, so that every server
 * sharing a PostgreSQL database serves every file with no shared folder.
 *
 * - `support_attachment_chunks`: a file's bytes in pieces of CHUNK_BYTES (attachmentBytes.ts),
 *   numbered from 0, every piece full but the last; a byte range reads only the pieces it
 *   covers. Deleting the attachment's row deletes its bytes. Stored EXTERNAL (out of line, not
 *   compressed): images and videos are compressed already, so trying again only costs time.
 */
import { type Migration, sql } from 'kysely';

const statements = [
  `create table support_attachment_chunks (
    attachment_id integer not null references support_attachments (id) on delete cascade,
    seq integer not null constraint support_attachment_chunks_seq check (seq >= 0),
    bytes bytea not null,
    primary key (attachment_id, seq)
  )`,
  'alter table support_attachment_chunks alter column bytes set storage external',
];

/** The '0039_attachment_bytes' migration. */
export const attachmentBytesMigration: Migration = {
  async up(db) {
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};
