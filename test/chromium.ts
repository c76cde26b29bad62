/**
 * Finds a Chromium for the browser and end-to-end tests: CHROME_PATH, Debian's /usr/bin/chromium,
 * or Playwright's own download; installs one when none is found, and says so.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Flags that keep Chromium quiet and working on a closed network and as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The path of an installed Chromium, or null. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const path of candidates) if (path && existsSync(path)) return path;
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH ?? join(homedir(), '.cache', 'ms-playwright');
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache)
      .filter((name) => name.startsWith('chromium-'))
      .sort()) {
      const path = join(cache, dir, 'chrome-linux', 'chrome');
      if (existsSync(path)) return path;
    }
  }
  return null;
}

/** Returns a Chromium path, installing Debian's package (as root) or Playwright's build if needed. */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log("No Chromium found: installing Debian's chromium with apt-get…");
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.log('No Chromium found: installing one with `npx playwright install chromium`…');
    spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
  }
  const installed = findChromium();
  if (!installed) throw new Error('Could not find or install Chromium; set CHROME_PATH.');
  return installed;
}
