/**
 * What a visitor's first load of each page downloads in JavaScript: the built site on a server
 * over a fresh embedded database, each page opened in a fresh headless Chromium context (empty
 * cache) until the network is idle, and every script of the site's origin it fetched, gzipped at
 * level 9 from the built files. Also says whether the page fetched the chart library or the
 * trading page's code, which only the trading page should. `node --import tsx bench/siteLoad.ts
 * [siteDir]` prints the table alone (a `siteDir` other than dist/site is measured as it is).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from 'playwright';
import { ensureSiteBuilt, REPO_ROOT } from '../server/http/siteBuild.ts';
import { createServer, loadConfig } from '../server/index.ts';
import { CHROMIUM_ARGS, ensureChromium } from '../test/chromium.ts';

/** The pages measured by default: the home page, the markets list and a trading page. */
export const SITE_LOAD_PATHS = ['/', '/markets', '/trading/BTC_USDT'];

/** Chunks only the trading page may load: the chart library's and the page's own. */
const TRADING_ONLY = /^(candleChart|TradingPage)-/;

/** One page's first load. */
export interface PageLoad {
  path: string;
  /** Scripts of the site's origin, gzipped at level 9, in bytes, and how many. */
  jsGzip: number;
  scripts: number;
  /** The trading-only chunks the page fetched, by name without the hash. */
  tradingChunks: string[];
}

/** What the run measured, with the 1-minute load average when it started. */
export interface SiteLoadFigures {
  pages: PageLoad[];
  load: number;
}

/** Opens each path once on a server of the site in `siteDir` and weighs the scripts it fetched. */
export async function benchSiteLoad(
  paths = SITE_LOAD_PATHS,
  siteDir = 'dist/site',
): Promise<SiteLoadFigures> {
  if (siteDir === 'dist/site') await ensureSiteBuilt(siteDir, (line) => console.log(line));
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-siteload-'));
  const app = await createServer(
    loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: join(dataDir, 'db'), SITE_DIR: siteDir }),
  );
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const load = loadavg()[0] ?? 0;
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const pages: PageLoad[] = [];
    for (const path of paths) pages.push(await loadOnce(browser, address, path, siteDir));
    return { pages, load };
  } finally {
    await browser.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function loadOnce(
  browser: Browser,
  address: string,
  path: string,
  siteDir: string,
): Promise<PageLoad> {
  const context = await browser.newContext();
  const scripts = new Set<string>();
  try {
    const page = await context.newPage();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().resourceType() === 'script' && url.origin === address) {
        scripts.add(url.pathname);
      }
    });
    await page.goto(`${address}${path}`, { waitUntil: 'networkidle' });
  } finally {
    await context.close();
  }
  let jsGzip = 0;
  for (const script of scripts) {
    const file = resolve(REPO_ROOT, siteDir, `.${script}`);
    jsGzip += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  const tradingChunks = [...scripts]
    .map((script) => basename(script))
    .filter((name) => TRADING_ONLY.test(name))
    .map((name) => name.replace(/-[\w-]+\.js$/, ''));
  return { path, jsGzip, scripts: scripts.size, tradingChunks };
}

/** The measurements table. */
export function siteLoadTable(figures: SiteLoadFigures, machine: string): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  return [
    'JavaScript of a first visit to each page (empty cache, until the network is idle): every',
    `script of the site's origin it fetched, gzip -9 (${machine}, 1-minute load average`,
    `${figures.load.toFixed(1)}). The chart library and the trading page's code load on the`,
    'trading page only.',
    '',
    '| page | JavaScript, gzip | scripts | chart or trading code fetched |',
    '|---|---|---|---|',
    ...figures.pages.map(
      (page) =>
        `| \`${page.path}\` | ${kib(page.jsGzip)} | ${page.scripts} | ${page.tradingChunks.join(', ') || 'none'} |`,
    ),
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  console.log(siteLoadTable(await benchSiteLoad(SITE_LOAD_PATHS, process.argv[2]), 'this machine'));
}
