/**
 * The trading page's main thread while its book moves: the built site on a server over a fresh
 * embedded database, `/trading/BTC_USDT` open in headless Chromium, and a trader changing the
 * BTC book through the API `rate` times a second (each order a new level, a cancel now and
 * then). Chromium's Long Tasks API reports every task over 50 ms after the page has settled.
 * `node --import tsx bench/longTasks.ts` prints the table alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { ensureSiteBuilt } from '../server/http/siteBuild.ts';
import { createServer, loadConfig, openDatabase } from '../server/index.ts';
import { CHROMIUM_ARGS, ensureChromium } from '../test/chromium.ts';
import { callApi, prepareTraders } from '../test/spot/traders.ts';

/** What the page's main thread did. */
export interface LongTaskFigures {
  seconds: number;
  bookChanges: number;
  longTasks: number;
  longestMs: number;
}

/** Runs the page for `seconds` while the book changes `rate` times a second. */
export async function benchLongTasks(seconds = 10, rate = 20): Promise<LongTaskFigures> {
  const siteDir = 'dist/site';
  await ensureSiteBuilt(siteDir, (line) => console.log(line));
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-longtasks-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: join(dataDir, 'db'),
    DEMO_ACCOUNT: 'off',
    API_RATE_LIMIT: '0',
    SITE_DIR: siteDir,
  });
  const db = await openDatabase(config);
  const [trader] = await prepareTraders(db, config, 1);
  if (trader === undefined) throw new Error('no trader');
  const app = await createServer(config, db);
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const found: number[] = [];
      (window as unknown as { longTasks: number[] }).longTasks = found;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) found.push(entry.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    await page.goto(`${address}/trading/BTC_USDT`);
    await page.getByRole('heading', { name: /BTC/ }).first().waitFor();
    // Let the page settle (chart, book snapshot), then count from a clean slate.
    await page.waitForTimeout(2000);
    await page.evaluate(() => {
      (window as unknown as { longTasks: number[] }).longTasks.length = 0;
    });
    let bookChanges = 0;
    const open: number[] = [];
    const start = Date.now();
    const end = start + seconds * 1000;
    for (let n = 0; Date.now() < end; n += 1) {
      const cancel = open.length > 40 && n % 4 === 0;
      const answer = cancel
        ? await callApi(address, 'orders.cancel', trader.token, { id: open.shift() })
        : await callApi(address, 'orders.place', trader.token, {
            pair: 'BTC_USDT',
            side: n % 2 === 0 ? 'buy' : 'sell',
            type: 'limit',
            price: (n % 2 === 0 ? 96000 - (n % 50) : 98000 + (n % 50)).toFixed(2),
            amount: '0.0001',
          });
      if (answer.status) bookChanges += 1;
      if (!cancel && answer.status) open.push((answer.order as { id: number }).id);
      // On a fixed schedule: the API's own time is not added to each step.
      const due = start + ((n + 1) * 1000) / rate;
      await new Promise((wait) => setTimeout(wait, Math.max(0, due - Date.now())));
    }
    const durations = await page.evaluate(
      () => (window as unknown as { longTasks: number[] }).longTasks,
    );
    return {
      seconds,
      bookChanges,
      longTasks: durations.length,
      longestMs: Math.round(Math.max(0, ...durations)),
    };
  } finally {
    await browser.close();
    await app.close();
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The measurements table. */
export function longTasksTable(f: LongTaskFigures, machine: string): string {
  return [
    `\`/trading/BTC_USDT\` in headless Chromium while a trader changes the BTC book through the API`,
    `${(f.bookChanges / f.seconds).toFixed(0)} times a second for ${f.seconds} s (${machine}); tasks over 50 ms from the`,
    'Long Tasks API after the page settled.',
    '',
    '| book changes | long tasks (over 50 ms) | longest |',
    '|---|---|---|',
    `| ${f.bookChanges} | ${f.longTasks} | ${f.longTasks === 0 ? '—' : `${f.longestMs} ms`} |`,
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  console.log(longTasksTable(await benchLongTasks(), 'this machine'));
}
