/**
 * Attachments' bytes in the database (support_attachment_chunks), where every server sharing it
 * reads them: copied in from the checked upload's file in pieces of CHUNK_BYTES, and read back
 * whole or as one byte range, a few pieces a query, so a 50 MB video never sits in memory whole.
 */
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ByteRange } from '../http/uploads/byteRange.ts';
import type { Queryable } from '../storage/db.ts';

/** The size of every piece but a file's last: a range reads at most two pieces it only touches. */
export const CHUNK_BYTES = 256 * 1024;

/** Pieces read by one query while serving: 1 MiB at a time. */
const CHUNKS_PER_READ = 4;

/**
 * Copies the file at `path` into the database as attachment `attachmentId`'s bytes. A piece
 * already there is left as it is: two servers copying one file write the same bytes.
 */
export async function copyIntoDatabase(
  db: Queryable,
  attachmentId: number,
  path: string,
): Promise<void> {
  const file = await open(path, 'r');
  try {
    for (let seq = 0; ; seq++) {
      const piece = await readPiece(file);
      if (piece.length === 0) return;
      await db
        .insertInto('support_attachment_chunks')
        .values({ attachment_id: attachmentId, seq, bytes: piece })
        .onConflict((conflict) => conflict.columns(['attachment_id', 'seq']).doNothing())
        .execute();
      if (piece.length < CHUNK_BYTES) return;
    }
  } finally {
    await file.close();
  }
}

/** The next CHUNK_BYTES of `file` (fewer only at its end). */
async function readPiece(file: Awaited<ReturnType<typeof open>>): Promise<Buffer> {
  const buffer = Buffer.alloc(CHUNK_BYTES);
  let filled = 0;
  while (filled < CHUNK_BYTES) {
    const { bytesRead } = await file.read(buffer, filled, CHUNK_BYTES - filled, null);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

/** Attachment `attachmentId`'s bytes from the database: those of `range`, or all `size`. */
export function readFromDatabase(
  db: Queryable,
  attachmentId: number,
  size: number,
  range: ByteRange | null,
): Readable {
  return Readable.from(pieces(db, attachmentId, range ?? { start: 0, end: size - 1 }));
}

async function* pieces(db: Queryable, attachmentId: number, range: ByteRange) {
  const last = Math.floor(range.end / CHUNK_BYTES);
  for (let from = Math.floor(range.start / CHUNK_BYTES); from <= last; from += CHUNKS_PER_READ) {
    const upTo = Math.min(from + CHUNKS_PER_READ - 1, last);
    const rows = await db
      .selectFrom('support_attachment_chunks')
      .select(['seq', 'bytes'])
      .where('attachment_id', '=', attachmentId)
      .where('seq', '>=', from)
      .where('seq', '<=', upTo)
      .orderBy('seq')
      .execute();
    // A short answer would serve a file with a hole: fail the response instead.
    if (rows.length !== upTo - from + 1)
      throw new Error(`attachment ${attachmentId}: bytes missing`);
    for (const { seq, bytes } of rows) {
      const offset = seq * CHUNK_BYTES;
      const start = Math.max(range.start - offset, 0);
      const end = Math.min(range.end - offset + 1, bytes.length);
      yield Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start);
    }
  }
}
