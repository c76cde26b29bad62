import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { type FreshDatabase, freshPglite } from '../../test/databases.ts';
import { createUser } from '../accounts/users.ts';
import type { Database } from '../storage/db.ts';
import { ORPHAN_MIN_AGE_MS, removeOrphanFiles } from './orphanFiles.ts';

let fresh: FreshDatabase;
let db: Database;
let dir: string;

before(async () => {
  fresh = await freshPglite();
  db = fresh.db;
  dir = await mkdtemp(join(tmpdir(), 'orphan-files-'));
});
after(async () => {
  await fresh.close();
  await rm(dir, { recursive: true, force: true });
});

const name = (digit: string) => digit.repeat(32);

async function file(stored: string, ageMs: number) {
  await writeFile(join(dir, stored), 'bytes');
  const when = new Date(Date.now() - ageMs);
  await utimes(join(dir, stored), when, when);
}

test('removes old files no row needs, and nothing recent, named or foreign', async () => {
  const owner = await createUser(db, {
    email: 'files@example.com',
    passwordHash: 'x',
    login: 'files',
    ip: '',
    domain: '',
    referredBy: null,
  });
  const row = (stored: string) =>
    db
      .insertInto('support_attachments')
      .values({
        owner_id: owner.id,
        storage_name: stored,
        original_name: 'a.png',
        mime: 'image/png',
        size: 5,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  await row(name('a'));
  const { id } = await row(name('d'));
  await db
    .insertInto('support_attachment_chunks')
    .values({ attachment_id: id, seq: 0, bytes: Buffer.from('bytes') })
    .execute();
  const old = ORPHAN_MIN_AGE_MS + 60_000;
  await file(name('a'), old); // named by its row: kept
  await file(name('b'), old); // orphan: removed
  await file(name('c'), 60_000); // orphan, but may be an upload between file and row: kept
  await file(name('d'), old); // its bytes are in the database: removed
  await file('notes.txt', old); // not a stored name: never touched

  assert.equal(await removeOrphanFiles(db, dir), 2);
  assert.deepEqual((await readdir(dir)).sort(), [name('a'), name('c'), 'notes.txt']);
});
