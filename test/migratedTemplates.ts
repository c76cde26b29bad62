/**
 * Migrated starting points for test databases. Creating a PGlite cluster and applying every
 * migration took about 20 s per test group on two busy cores, and a test file has two or more
 * groups; so the migrations run once per version of their source, and each group's database
 * starts as a copy of the result: a tarball PGlite loads on PGlite, a template database
 * (`CREATE DATABASE ... TEMPLATE`) on PostgreSQL. Whoever opens the copy still runs the migration
 * runner, which finds nothing to do; a wrong migration fails while the template is built.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
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

/** Where the migrated PGlite data folder and its tarball live, for this version of the migrations. */
function pgliteTemplatePaths(): { folder: string; tarball: string } {
  const base = join(tmpdir(), `exchange-pglite-migrated-${migrationsFingerprint()}`);
  return { folder: base, tarball: `${base}.tar` };
}

/**
 * Builds the migrated PGlite template on first use: a data folder (copied for a server that runs
 * on a folder) and its tarball (loaded into an in-memory database by PgliteThreadDialect's
 * `loadDataDir`). Parallel test files may build it at once: each builds in a folder of its own and
 * renames the result into place, so nobody ever sees half a template.
 */
async function buildPgliteTemplate(): Promise<{ folder: string; tarball: string }> {
  const paths = pgliteTemplatePaths();
  if (existsSync(paths.tarball) && existsSync(paths.folder)) return paths;
  const work = await mkdtemp(join(tmpdir(), 'exchange-pglite-template-'));
  try {
    const dataDir = join(work, 'db');
    await (await openDatabase({ databaseUrl: null, dataDir })).destroy();
    const pglite = await PGlite.create(dataDir);
    // Uncompressed: it loads a second faster than gzip, and it lives in a temp folder.
    const tarball = await pglite.dumpDataDir('none');
    await pglite.close();
    await writeFile(join(work, 'db.tar'), Buffer.from(await tarball.arrayBuffer()));
    // The folder first: whoever sees the tarball may count on the folder.
    await rename(dataDir, paths.folder).catch(() => {});
    await rename(join(work, 'db.tar'), paths.tarball);
    return paths;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The path of a tarball of a migrated PGlite data folder, for PgliteThreadDialect's `loadDataDir`. */
export async function pgliteTemplate(): Promise<string> {
  return (await buildPgliteTemplate()).tarball;
}

/** Fills `dataDir` (which must not exist yet) with a copy of the migrated PGlite data folder. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  await cp((await buildPgliteTemplate()).folder, dataDir, { recursive: true });
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
