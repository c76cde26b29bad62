/**
 * On PostgreSQL, attachment files recorded before the database kept their bytes (migration
 * 0039) are moved into it by each server's sweep, from its own upload folder: from then on every
 * server serves them, whichever folder they were in. A file is deleted once its copy commits;
 * until then it is served from the folder.
 */
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '../storage/db.ts';
import { copyIntoDatabase } from './attachmentBytes.ts';
import { filesOnlyOnDisk, STORED_NAME } from './orphanFiles.ts';

/** Moves the folder's recorded files whose bytes the database lacks into it; how many. */
export async function moveIntoDatabase(db: Database, dir: string): Promise<number> {
  const names = (await readdir(dir)).filter((name) => STORED_NAME.test(name));
  if (names.length === 0) return 0;
  const rows = await filesOnlyOnDisk(db, names);
  let moved = 0;
  for (const row of rows) {
    const path = join(dir, row.storage_name);
    // A file whose row went meanwhile (a forgotten photo) fails its copy: the orphan sweep
    // takes it. Another server moving the same file from a shared folder writes the same bytes.
    const copied = await db
      .transaction()
      .execute((trx) => copyIntoDatabase(trx, row.id, path))
      .then(
        () => true,
        () => false,
      );
    if (!copied) continue;
    await unlink(path).catch(() => {});
    moved++;
  }
  return moved;
}
