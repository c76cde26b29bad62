/**
 * Removes attachment files that no row needs any more: a verification photo the person replaced
 * or never used (their rows are deleted by the kyc domain), a file whose row never came to be
 * because the server stopped mid-upload, or one whose bytes are in the database (a checked
 * upload whose delete failed after its copy). Only files older than an hour are touched, so an
 * upload still between its file and its row is never taken for an orphan.
 */
import { readdir, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Queryable } from '../storage/db.ts';

/** How old a file must be before it may be removed as an orphan. */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Stored names are 32 hex digits (http/uploads/storedUpload.ts); anything else in the folder is
 * left alone.
 */
export const STORED_NAME = /^[0-9a-f]{32}$/;

/** Deletes the orphans among the folder's files; resolves with how many it removed. */
export async function removeOrphanFiles(
  db: Queryable,
  dir: string,
  now = Date.now(),
): Promise<number> {
  const names = (await readdir(dir)).filter((name) => STORED_NAME.test(name));
  const old: string[] = [];
  for (const name of names) {
    const { mtimeMs } = await stat(join(dir, name)).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs >= ORPHAN_MIN_AGE_MS) old.push(name);
  }
  if (old.length === 0) return 0;
  const kept = new Set((await filesOnlyOnDisk(db, old)).map((row) => row.storage_name));
  const orphans = old.filter((name) => !kept.has(name));
  for (const name of orphans) await unlink(join(dir, name)).catch(() => {});
  return orphans.length;
}

/**
 * The attachments among `names` (stored names in a folder) whose bytes are only on disk: recorded,
 * with no piece in the database.
 */
export function filesOnlyOnDisk(
  db: Queryable,
  names: readonly string[],
): Promise<{ id: number; storage_name: string }[]> {
  return db
    .selectFrom('support_attachments as a')
    .select(['a.id', 'a.storage_name'])
    .where('a.storage_name', 'in', names)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('support_attachment_chunks as c')
            .select('c.seq')
            .whereRef('c.attachment_id', '=', 'a.id'),
        ),
      ),
    )
    .execute();
}
