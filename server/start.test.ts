/**
 * `npm start` (start.mjs) as a person runs it, into a scratch bundle folder (SERVER_BUNDLE_DIR)
 * inside the repository, where the bundle's package imports find node_modules as dist/server's
 * do. A first start builds the bundle and serves the site and the API on PGlite (whose database
 * thread the bundle finds by a rewritten path); a start with nothing changed builds nothing; a
 * start after a source changed builds again. The site is a stand-in folder newer than every
 * source, so no site build runs (SITE_DIR); the later starts stop at a configuration error
 * before any database opens, as the build decision comes first.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { copyPgliteTemplate } from '../test/migratedTemplates.ts';
import { TEST_SERVER_ENV } from '../test/testServerEnv.ts';
import { waitFor } from '../test/waitFor.ts';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const BUILT = /^Built the server into /m;
/** What the stand-in site's page says, so the answer to `/` is known to come from it. */
const MARKER = 'start.test stand-in site';

let bundleDir = '';
let scratch = '';

before(async () => {
  await mkdir(join(REPO_ROOT, 'dist'), { recursive: true });
  bundleDir = await mkdtemp(join(REPO_ROOT, 'dist', 'start-test-'));
  scratch = await mkdtemp(join(tmpdir(), 'exchange-start-'));
  // Written now, so newer than every source: the server finds the site built.
  await mkdir(join(scratch, 'site'));
  await writeFile(join(scratch, 'site', 'widgets.js'), '');
  await writeFile(join(scratch, 'site', 'index.html'), `<!doctype html><title>${MARKER}</title>`);
  await copyPgliteTemplate(join(scratch, 'db'));
});

after(async () => {
  await rm(bundleDir, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

/** `node server/start.mjs` with the scratch folders and `env` on top; its output is collected. */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'server', 'start.mjs')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...TEST_SERVER_ENV,
      SERVER_BUNDLE_DIR: bundleDir,
      SITE_DIR: join(scratch, 'site'),
      DATA_DIR: join(scratch, 'db'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_MARKET: 'off',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((done) => child.once('exit', done));
  return { child, output: () => output, exited };
}

/** A start that stops at a configuration error right after deciding whether to build. */
async function startToConfigError(): Promise<string> {
  const run = start({ PORT: 'not-a-port' });
  assert.equal(await run.exited, 1);
  assert.match(run.output(), /Configuration error: .*PORT/);
  return run.output();
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const { port } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return port;
}

async function stop(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  child.kill('SIGTERM');
  await exited;
}

test('a first start builds the bundle, serves the site and answers the API on PGlite', {
  timeout: 120_000,
}, async () => {
  const port = await freePort();
  const run = start({ PORT: String(port) });
  try {
    await waitFor(
      'the server to say it runs',
      () => run.output().includes('Exchange running'),
      90_000,
    );
    assert.match(run.output(), BUILT);
    const origin = `http://127.0.0.1:${port}`;
    const page = await fetch(`${origin}/`);
    assert.equal(page.status, 200);
    assert.match(await page.text(), new RegExp(MARKER));
    // A public method that reads the database: the PGlite thread's script was found.
    const answer = await fetch(`${origin}/api`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({
        method: 'faq.getItems',
        slug: 'no-such-section',
        token: '',
        subId: '',
      }),
    });
    const body = (await answer.json()) as { status: boolean; error_code?: string };
    assert.equal(body.status, false);
    assert.notEqual(body.error_code, 'request.serverError', JSON.stringify(body));
  } finally {
    await stop(run.child, run.exited);
  }
});

test('every path the bundle rewrites resolves to a file of the repository', async () => {
  const bundle = await readFile(join(bundleDir, 'main.mjs'), 'utf8');
  const base = new URL(`file://${join(bundleDir, 'main.mjs')}`);
  const paths = [...bundle.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((match) =>
    fileURLToPath(new URL(match[1] as string, base)),
  );
  const missing = paths.filter((path) => !existsSync(path));
  assert.deepEqual(missing, []);
  const relative = paths.map((path) => path.slice(REPO_ROOT.length + 1));
  for (const expected of ['server/storage/PgliteThreadDialect.ts', 'server/http/siteBuild.ts']) {
    assert.ok(relative.includes(expected), `${expected} among ${relative.join(', ')}`);
  }
});

test('a start with nothing changed does not build; one after a source changed does', async () => {
  assert.doesNotMatch(await startToConfigError(), BUILT);
  // The bundle an hour old: every source it was made from is newer, as if just saved.
  const anHourAgo = Date.now() / 1000 - 3600;
  await utimes(join(bundleDir, 'main.mjs'), anHourAgo, anHourAgo);
  assert.match(await startToConfigError(), BUILT);
  assert.doesNotMatch(await startToConfigError(), BUILT);
});
