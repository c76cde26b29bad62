/**
 * Builds the site before start when the built copy is missing or older than its sources, so
 * `npm start` on a fresh checkout serves a working site. A failed build is reported, not fatal:
 * the API still starts.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The folders and files whose changes make the built site stale, relative to the repo root. */
export const SITE_SOURCES = ['site', 'core', 'widgets', 'vite.config.ts', 'vite.widgets.config.ts'];

/** The builds, in order: the site empties its folder, then the widget bundle is added to it. */
export const BUILDS: readonly (readonly string[])[] = [
  ['vite', 'build'],
  ['vite', 'build', '-c', 'vite.widgets.config.ts'],
];

/** Where the repository lives (the parent of server/). */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/** Builds the site and the widgets when `siteDir/index.html` is missing or stale; true when a build ran and succeeded. */
export async function ensureSiteBuilt(
  siteDir: string,
  log: (line: string) => void,
): Promise<boolean> {
  const folder = resolve(REPO_ROOT, siteDir);
  if ((await staleness(folder)) === 'fresh') return false;
  if (!existsSync(join(REPO_ROOT, 'vite.config.ts'))) {
    log('No vite.config.ts yet: skipping the site build; the API still works.');
    return false;
  }
  // Servers started together from one folder take turns; the later one finds the build fresh.
  return withBuildLock(folder, log, async () => {
    const state = await staleness(folder);
    if (state === 'fresh') return false;
    log(
      state === 'missing'
        ? 'The site is not built yet: building it…'
        : 'The site sources changed: rebuilding it…',
    );
    let code = 0;
    for (const args of BUILDS) {
      if (code === 0) code = await run(args, log);
    }
    if (code !== 0)
      log(`The site build failed (exit code ${code}); serving the API without a fresh site.`);
    return code === 0;
  });
}

/** Whether the built site in `folder` is there and newer than every source. */
async function staleness(folder: string): Promise<'fresh' | 'stale' | 'missing'> {
  // The widget build runs second and writes the loader last: without it the build is incomplete
  // (a site-only build empties the folder of the widgets).
  const built = existsSync(join(folder, 'widgets.js'))
    ? await stat(join(folder, 'index.html')).catch(() => null)
    : null;
  if (built === null) return 'missing';
  const newest = await newestChange(SITE_SOURCES.map((source) => join(REPO_ROOT, source)));
  return built.mtimeMs >= newest ? 'fresh' : 'stale';
}

/** How often a server waiting for another's build looks again. */
const BUILD_LOCK_POLL_MS = 500;

/**
 * Runs `build` holding a lock file beside `folder` (created exclusively, naming this process);
 * waits while a live process holds it, and takes over one whose process is gone.
 */
async function withBuildLock<T>(
  folder: string,
  log: (line: string) => void,
  build: () => Promise<T>,
): Promise<T> {
  const lock = `${folder}.build-lock`;
  await mkdir(dirname(lock), { recursive: true });
  let told = false;
  for (;;) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(await readFile(lock, 'utf8').catch(() => ''));
      if (!isRunning(holder)) {
        await rm(lock, { force: true });
        continue;
      }
      if (!told) log('Another server is building the site: waiting for it…');
      told = true;
      await sleep(BUILD_LOCK_POLL_MS);
    }
  }
  try {
    return await build();
  } finally {
    await rm(lock, { force: true });
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function run(args: readonly string[], log: (line: string) => void): Promise<number> {
  return new Promise<number>((done) => {
    const child = spawn('npx', [...args], { cwd: REPO_ROOT, stdio: 'inherit' });
    child.on('error', (error) => {
      log(`Could not run the site build: ${error.message}`);
      done(1);
    });
    child.on('exit', (status) => done(status ?? 1));
  });
}

async function newestChange(paths: string[]): Promise<number> {
  let newest = 0;
  for (const path of paths) {
    const info = await stat(path).catch(() => null);
    if (info === null) continue;
    if (!info.isDirectory()) {
      newest = Math.max(newest, info.mtimeMs);
      continue;
    }
    const entries = await readdir(path, { withFileTypes: true });
    const children = entries
      .filter((entry) => entry.name !== 'node_modules' && !entry.name.startsWith('.'))
      .map((entry) => join(path, entry.name));
    newest = Math.max(newest, info.mtimeMs, await newestChange(children));
  }
  return newest;
}
