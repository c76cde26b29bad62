/**
 * Lighthouse on the built site with mobile settings (Lighthouse's default: a mid-range phone on
 * slow 4G), for each page several times through the same Chromium the tests use, reporting the
 * median scores; plus each page's JavaScript weight, gzipped, from the scripts Lighthouse saw it
 * load, against the page's budget. `node --import tsx bench/lighthouse.ts [paths…]` prints the
 * table alone (`--write` also puts it into docs/measurements.md; SITE_DIR measures another build;
 * LIGHTHOUSE_REPORTS=dir keeps each run's full JSON report there, to read what cost the points).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import { ensureSiteBuilt, REPO_ROOT } from '../server/http/siteBuild.ts';
import { createServer, loadConfig } from '../server/index.ts';
import { CHROMIUM_ARGS, ensureChromium } from '../test/chromium.ts';
import { writeMeasurements } from './measurementsDoc.ts';
import { median } from './median.ts';

/** The Lighthouse release that produced the figures. */
export const LIGHTHOUSE_VERSION: string = lighthousePackage.version;

/** The pages measured: the home page, help, P2P, the account (as a visitor gets it) and the live pages. */
export const LIGHTHOUSE_PATHS = ['/', '/faq', '/p2p', '/account', '/markets', '/trading/BTC_USDT'];

/** The Lighthouse categories reported, by id. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** One page's median scores (0-100) by category over the runs, and the JavaScript it loaded. */
export interface PageScores {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Each run's performance score, in run order: the spread says how noisy the median is. */
  performanceRuns: number[];
  /** The page's own-origin scripts, gzipped at level 9, in bytes, and how many (the largest run). */
  jsGzip: number;
  scripts: number;
  /** Where the page ended, when it sent the visitor elsewhere (a signed-out visitor to sign-in). */
  endedAt: string | null;
}

/** What the run measured. */
export interface LighthouseFigures {
  pages: PageScores[];
  runs: number;
  /** The 1-minute load average, lowest and highest seen before each run. */
  load: { min: number; max: number };
}

/** Where the built site is and how many times each page runs. */
export interface LighthouseOptions {
  /** The built site, relative to the repository (built first when missing or stale). */
  siteDir?: string;
  /**
   * Runs per page. Simulated throttling scales the CPU time the page really took, so on a busy
   * machine one run's performance score can swing by ten points; the median of a few is steadier.
   */
  runs?: number;
}

interface RunResult {
  scores: PageScores['scores'];
  jsGzip: number;
  scripts: number;
  endedAt: string;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

/** Runs Lighthouse `runs` times for each path on a fresh server over a throw-away embedded database. */
export async function benchLighthouse(
  paths: readonly string[] = LIGHTHOUSE_PATHS,
  { siteDir = 'dist/site', runs = 3 }: LighthouseOptions = {},
): Promise<LighthouseFigures> {
  await ensureSiteBuilt(siteDir, (line) => console.log(line));
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-lighthouse-'));
  const app = await createServer(
    loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: join(dataDir, 'db'),
      PORT: '0',
      SITE_DIR: siteDir,
    }),
  );
  const chrome = await launch({
    chromePath: ensureChromium(),
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  });
  const loads: number[] = [];
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const pages: PageScores[] = [];
    for (const path of paths) {
      const results: RunResult[] = [];
      for (let run = 0; run < runs; run++) {
        loads.push(loadavg()[0] ?? 0);
        results.push(await runOnce(address, path, chrome.port, siteDir));
      }
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, median(results.map((result) => result.scores[id]))]),
      ) as PageScores['scores'];
      const heaviest = results.reduce((a, b) => (b.jsGzip > a.jsGzip ? b : a));
      pages.push({
        path,
        scores,
        performanceRuns: results.map((result) => result.scores.performance),
        jsGzip: heaviest.jsGzip,
        scripts: heaviest.scripts,
        endedAt: heaviest.endedAt === path ? null : heaviest.endedAt,
      });
    }
    return { pages, runs, load: { min: Math.min(...loads), max: Math.max(...loads) } };
  } finally {
    chrome.kill();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runOnce(
  address: string,
  path: string,
  port: number,
  siteDir: string,
): Promise<RunResult> {
  const result = await lighthouse(`${address}${path}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = `${path.replace(/[^a-z0-9]+/gi, '_')}-${Date.now()}.json`;
    writeFileSync(join(reports, name), JSON.stringify(lhr));
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  ) as PageScores['scores'];
  const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] })?.items;
  const scripts = (items ?? []).filter(
    (item) => item.resourceType === 'Script' && item.url.startsWith(address),
  );
  let jsGzip = 0;
  for (const script of scripts) {
    const file = resolve(REPO_ROOT, siteDir, `.${new URL(script.url).pathname}`);
    jsGzip += gzipSync(readFileSync(file), { level: 9 }).length;
  }
  const ended = new URL(lhr.finalDisplayedUrl);
  return { scores, jsGzip, scripts: scripts.length, endedAt: `${ended.pathname}${ended.search}` };
}

/**
 * JavaScript budgets (gzip) by page, for a visitor's first load, on React 19: React DOM is about
 * 57 KiB of each (the home page was 44 KiB on preact/compat, 101 on React). The budgets leave a
 * little room and keep what the pages add on top from creeping.
 */
export const JS_BUDGETS_GZ: Readonly<Record<string, number>> = {
  '/': 100 * 1024,
  '/trading/BTC_USDT': 160 * 1024,
};

/** The measurements section for the figures. */
export function lighthouseTable(figures: LighthouseFigures, machine: string): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  return [
    `Lighthouse ${LIGHTHOUSE_VERSION} on the built site with its default mobile settings (simulated`,
    `slow 4G, 4x CPU slowdown), headless Chromium, served by the real server (${machine}); the`,
    `median of ${figures.runs} runs a page, with each run's performance score in brackets, at a`,
    `1-minute load average of ${figures.load.min.toFixed(1)}-${figures.load.max.toFixed(1)}.`,
    '',
    '| page | performance | accessibility | best practices | SEO | JavaScript, gzip (scripts) |',
    '|---|---|---|---|---|---|',
    ...figures.pages.map((page) => {
      const budget = JS_BUDGETS_GZ[page.path];
      const verdict =
        budget === undefined
          ? ''
          : `; budget ${kib(budget)}, ${page.jsGzip <= budget ? 'met' : 'exceeded'}`;
      const ended = page.endedAt === null ? '' : ` (a visitor lands on \`${page.endedAt}\`)`;
      return `| \`${page.path}\`${ended} | ${page.scores.performance} (${page.performanceRuns.join(', ')}) | ${page.scores.accessibility} | ${page.scores['best-practices']} | ${page.scores.seo} | ${kib(page.jsGzip)} (${page.scripts}${verdict}) |`;
    }),
    '',
    'Performance scores move by several points from run to run on a busy machine: the simulated',
    'throttling multiplies the CPU time each task really took, so other work on the machine shows',
    'up as blocking time.',
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  const paths = process.argv.slice(2).filter((arg) => arg.startsWith('/'));
  const siteDir = process.env.SITE_DIR ?? 'dist/site';
  const figures = await benchLighthouse(paths.length > 0 ? paths : LIGHTHOUSE_PATHS, { siteDir });
  const table = lighthouseTable(figures, `${cpus().length} cores, Node ${process.versions.node}`);
  console.log(table);
  if (process.argv.includes('--write')) writeMeasurements('lighthouse', table);
}
