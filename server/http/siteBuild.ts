/**
 * Builds the site before start when the built copy is missing or older than its sources, so
 * `npm start` on a fresh checkout serves a working site. A failed build is reported, not fatal:
 * the API still starts.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

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
  const index = join(resolve(REPO_ROOT, siteDir), 'index.html');
  // The widget build runs second and writes the loader last: without it the build is incomplete
  // (a site-only build empties the folder of the widgets).
  const loader = join(resolve(REPO_ROOT, siteDir), 'widgets.js');
  const built = existsSync(loader) ? await stat(index).catch(() => null) : null;
  const newest = await newestChange(SITE_SOURCES.map((source) => join(REPO_ROOT, source)));
  if (built !== null && built.mtimeMs >= newest) return false;
  if (!existsSync(join(REPO_ROOT, 'vite.config.ts'))) {
    log('No vite.config.ts yet: skipping the site build; the API still works.');
    return false;
  }
  log(
    built === null
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
