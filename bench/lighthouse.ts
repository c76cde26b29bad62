/**
 * Lighthouse on the built site with mobile settings (Lighthouse's default: a mid-range phone on
 * slow 4G), for `/` and `/faq`, through the same Chromium the tests use; plus the home page's
 * JavaScript weight, gzipped, from the scripts Lighthouse saw it load.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import { createServer, loadConfig } from '../server/index.ts';
import { ensureSiteBuilt, REPO_ROOT } from '../server/siteBuild.ts';
import { CHROMIUM_ARGS, ensureChromium } from '../test/chromium.ts';

/** The Lighthouse release that produced the figures. */
export const LIGHTHOUSE_VERSION: string = lighthousePackage.version;

/** The Lighthouse categories reported, by id. */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** One page's scores (0-100) by category, and the JavaScript it loaded. */
export interface PageScores {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** The page's own-origin scripts, gzipped at level 9, in bytes, and how many. */
  jsGzip: number;
  scripts: number;
}

/** What the run measured. */
export interface LighthouseFigures {
  pages: PageScores[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
}

/** Runs Lighthouse for each path on a fresh server over a throw-away embedded database. */
export async function benchLighthouse(paths = ['/', '/faq']): Promise<LighthouseFigures> {
  const siteDir = 'dist/site';
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
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const pages: PageScores[] = [];
    for (const path of paths) {
      const result = await lighthouse(`${address}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
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
      pages.push({ path, scores, jsGzip, scripts: scripts.length });
    }
    return { pages };
  } finally {
    chrome.kill();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** JavaScript budgets (gzip) by page: the home page's of issue 3, the trading page's of issue 12. */
export const JS_BUDGETS_GZ: Readonly<Record<string, number>> = {
  '/': 90 * 1024,
  '/trading/BTC_USDT': 150 * 1024,
};

/** The README section for the figures. */
export function lighthouseTable(figures: LighthouseFigures, machine: string): string {
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  return [
    `Lighthouse ${LIGHTHOUSE_VERSION} on the built site with its default mobile settings (simulated`,
    `slow 4G, 4x CPU slowdown), headless Chromium, served by the real server (${machine}).`,
    '',
    '| page | performance | accessibility | best practices | SEO | JavaScript, gzip (scripts) |',
    '|---|---|---|---|---|---|',
    ...figures.pages.map((page) => {
      const budget = JS_BUDGETS_GZ[page.path];
      const verdict =
        budget === undefined
          ? ''
          : `; budget ${kib(budget)}, ${page.jsGzip <= budget ? 'met' : 'exceeded'}`;
      return `| \`${page.path}\` | ${page.scores.performance} | ${page.scores.accessibility} | ${page.scores['best-practices']} | ${page.scores.seo} | ${kib(page.jsGzip)} (${page.scripts}${verdict}) |`;
    }),
    '',
    'Performance scores vary by a few points from run to run on a busy machine.',
  ].join('\n');
}
