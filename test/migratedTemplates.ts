/**
 * Migrated starting points for test databases. Creating a PGlite cluster and applying every
 * migration took about 20 s per test group on two busy cores, and a test file has two or more
 * groups; so the migrations run once per version of their source, and each group's database
 * starts as a copy of the result: a tarball PGlite loads on PGlite, a template database
 * (`CREATE DATABASE ... TEMPLATE`) on PostgreSQL. Whoever opens the copy still runs the migration
 * runner, which finds nothing to do; a wrong migration fails while the template is built.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { REPO_ROOT } from '../server/http/siteBuild.ts';
import { openDatabase } from '../server/storage/db.ts';

/**
 * A short hash of every migration's source (files named *migration*.ts under server/, the
 * migration list included) and of the PGlite version, whose data folders differ between releases.
 * A changed migration makes a new template; an unchanged one reuses the last.
 */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const file of migrationSources(join(REPO_ROOT, 'server'))) {
    hash.update(relative(REPO_ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  hash.update(readFileSync(join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  return hash.digest('hex').slice(0, 16);
}

function migrationSources(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...migrationSources(path));
    else if (/migrations?\.ts$/i.test(entry.name)) found.push(path);
  }
  return found.sort();
}

/**
 * The path of a tarball of a migrated PGlite data folder (for PgliteThreadDialect's
 * `loadDataDir`), built on first use. Parallel test files may build it at once: each writes a
 * file of its own and renames it into place, so a reader never sees half a tarball.
 */
export async function pgliteTemplate(): Promise<string> {
  const path = join(tmpdir(), `exchange-pglite-migrated-${migrationsFingerprint()}.tar`);
  if (existsSync(path)) return path;
  const folder = await mkdtemp(join(tmpdir(), 'exchange-pglite-template-'));
  try {
    const dataDir = join(folder, 'db');
    await (await openDatabase({ databaseUrl: null, dataDir })).destroy();
    const pglite = await PGlite.create(dataDir);
    // Uncompressed: it loads a second faster than gzip, and it lives in a temp folder.
    const tarball = await pglite.dumpDataDir('none');
    await pglite.close();
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await tarball.arrayBuffer()));
    await rename(partial, path);
    return path;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

// Any number will do, as long as nothing else on the server locks it: it makes the builders of
// one template take turns.
const TEMPLATE_LOCK = 7_361_902_441;

/** What marks a template database as complete: a build that died midway has no such comment. */
const COMPLETE = 'migrated';

/**
 * The name of a migrated template database on the server at `serverUrl`, built on first use.
 * Builders take turns under an advisory lock and mark a finished template with a comment, so a
 * run killed midway leaves nothing another run would copy. PostgreSQL copies a template only
 * while nobody is connected to it: the builder's pool is closed before the mark is set.
 */
export async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `exchange_template_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const { rows } = await admin.query<{ comment: string | null }>(
      'select shobj_description(oid, $2) as comment from pg_database where datname = $1',
      [name, 'pg_database'],
    );
    if (rows[0]?.comment === COMPLETE) return name;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await (await openDatabase({ databaseUrl: url.toString(), dataDir: ':memory:' })).destroy();
    await admin.query(`comment on database ${name} is '${COMPLETE}'`);
    return name;
  } finally {
    await admin.end();
  }
}
