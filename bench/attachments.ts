/**
 * What keeping an attachment's bytes in the database costs against a file in a folder: storing a
 * 5 MB file (copying the checked upload in, one transaction) and serving it whole and as a 1 MB
 * range, on PGlite in memory and on PostgreSQL. `node --import tsx bench/attachments.ts` prints
 * the table; the PostgreSQL rows need PostgreSQL installed or TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createUser } from '../server/accounts/users.ts';
import { type Database, openDatabase } from '../server/storage/db.ts';
import { copyIntoDatabase, readFromDatabase } from '../server/support/attachmentBytes.ts';
import { createScratchDatabase, startPostgres } from '../test/postgres.ts';
import { median } from './median.ts';

const SIZE = 5 * 1024 * 1024;
const RANGE = { start: 2 * 1024 * 1024, end: 3 * 1024 * 1024 - 1 };
const ROUNDS = 7;

/** One store's medians, in milliseconds. */
export interface AttachmentFigures {
  store: string;
  storeMs: number;
  wholeMs: number;
  rangeMs: number;
}

async function drainStream(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  return bytes;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** Times storing and serving in `db` (bytes in the database). */
async function inDatabase(store: string, db: Database, path: string): Promise<AttachmentFigures> {
  const owner = await createUser(db, {
    email: `bench-${randomBytes(4).toString('hex')}@example.com`,
    passwordHash: 'x',
    login: `bench${randomBytes(4).toString('hex')}`,
    ip: '',
    domain: '',
    referredBy: null,
  });
  const times = { storeMs: [] as number[], wholeMs: [] as number[], rangeMs: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const { id } = await db
      .insertInto('support_attachments')
      .values({
        owner_id: owner.id,
        storage_name: randomBytes(16).toString('hex'),
        original_name: 'clip.mp4',
        mime: 'video/mp4',
        size: SIZE,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    times.storeMs.push(
      await timed(() => db.transaction().execute((trx) => copyIntoDatabase(trx, id, path))),
    );
    times.wholeMs.push(await timed(() => drainStream(readFromDatabase(db, id, SIZE, null))));
    times.rangeMs.push(await timed(() => drainStream(readFromDatabase(db, id, SIZE, RANGE))));
  }
  return {
    store,
    storeMs: median(times.storeMs),
    wholeMs: median(times.wholeMs),
    rangeMs: median(times.rangeMs),
  };
}

/** Times the folder: writing the file and reading it back. */
async function inFolder(dir: string, bytes: Buffer): Promise<AttachmentFigures> {
  const times = { storeMs: [] as number[], wholeMs: [] as number[], rangeMs: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const path = join(dir, `copy-${round}`);
    times.storeMs.push(await timed(() => writeFile(path, bytes)));
    times.wholeMs.push(await timed(() => drainStream(createReadStream(path))));
    times.rangeMs.push(await timed(() => drainStream(createReadStream(path, RANGE))));
  }
  return {
    store: 'a file in a folder',
    storeMs: median(times.storeMs),
    wholeMs: median(times.wholeMs),
    rangeMs: median(times.rangeMs),
  };
}

/** Every store's figures; PostgreSQL's only where it is available. */
export async function benchAttachments(): Promise<AttachmentFigures[]> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-attachments-'));
  const bytes = randomBytes(SIZE);
  const path = join(dir, 'upload');
  await writeFile(path, bytes);
  const figures = [await inFolder(dir, bytes)];
  const pglite = await openDatabase({ databaseUrl: null, dataDir: ':memory:' });
  try {
    figures.push(await inDatabase('PGlite (in memory)', pglite, path));
  } finally {
    await pglite.destroy();
  }
  const postgres = await startPostgres();
  if (postgres !== null) {
    const scratch = await createScratchDatabase(postgres.url, 'exchange_bench');
    const db = await openDatabase({ databaseUrl: scratch.url, dataDir: ':memory:' });
    try {
      figures.push(await inDatabase('PostgreSQL', db, path));
    } finally {
      await db.destroy();
      await scratch.drop();
      await postgres.stop();
    }
  }
  await rm(dir, { recursive: true, force: true });
  return figures;
}

/** The figures as a Markdown table. */
export function attachmentsTable(figures: readonly AttachmentFigures[], machine: string): string {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `A 5 MB attachment: storing it, serving it whole and a 1 MB range (median of ${ROUNDS};`,
    `${machine}).`,
    '',
    '| where | store | serve whole | serve 1 MB range |',
    '|---|---|---|---|',
    ...figures.map(
      (f) => `| ${f.store} | ${ms(f.storeMs)} | ${ms(f.wholeMs)} | ${ms(f.rangeMs)} |`,
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const machine = `${cpus().length} cores, Node ${process.versions.node}`;
  console.log(attachmentsTable(await benchAttachments(), machine));
}
