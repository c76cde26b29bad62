/**
 * The live pages' main thread on a mid-range phone's CPU: `npm start` (its own process, a fresh
 * embedded database, the demo market trading on every pair as it does out of the box), then
 * `/markets` and `/trading/BTC_USDT`, each opened fresh (empty cache) in headless Chromium with
 * the CPU slowed 4x through the DevTools protocol (`Emulation.setCPUThrottlingRate`), and
 * watched for 30 s from the page's load event. A trace of the window gives each main-thread
 * task's CPU time; Chromium's Long Tasks API counts the tasks over 50 ms of wall-clock time; the
 * Long Animation Frames API names the scripts that ran in the slow frames.
 * `node --import tsx bench/longTasks.ts [seconds]` prints the table alone (`--write` also puts it
 * into docs/measurements.md); LONGTASKS_PROFILE=folder writes a CPU profile of each window there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, ensureChromium } from '../test/chromium.ts';
import { writeMeasurements } from './measurementsDoc.ts';
import { median } from './median.ts';
import { type PageLongTasks, slowest, watchPage } from './pageLongTasks.ts';
import { startServerChild } from './serverChild.ts';

/** The pages watched: the live ones. */
export const LONG_TASK_PATHS = ['/markets', '/trading/BTC_USDT'];

/** Chromium's CPU slowdown: Lighthouse's mobile setting, a mid-range phone. */
export const CPU_SLOWDOWN = 4;

/** The page's start: long tasks after it are the live updates'. */
export const START_MS = 5_000;

/** How long the demo market trades before the first page opens, so every book is quoted. */
const WARM_UP_MS = 15_000;

/** What the pages' main threads did in each round, with the 1-minute load average before and after. */
export interface LongTaskFigures {
  seconds: number;
  slowdown: number;
  /** Per page, one entry a round. */
  pages: PageLongTasks[][];
  load: { before: number; after: number };
}

/**
 * Watches each of `paths` for `seconds` after its load, with the CPU slowed `slowdown` times,
 * `rounds` times (a fresh visit each): on a shared machine one round can differ a lot from the next.
 */
export async function benchLongTasks(
  seconds = 30,
  rounds = 3,
  paths: readonly string[] = LONG_TASK_PATHS,
  slowdown = CPU_SLOWDOWN,
): Promise<LongTaskFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'exchange-longtasks-'));
  const server = await startServerChild({ DATA_DIR: join(dataDir, 'db'), DEMO_MARKET: 'on' });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    await new Promise((done) => setTimeout(done, WARM_UP_MS));
    const before = loadavg()[0] ?? 0;
    const pages: PageLongTasks[][] = paths.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const [index, path] of paths.entries()) {
        pages[index]?.push(
          await watchPage(browser, `${server.base}${path}`, {
            seconds,
            slowdown,
            // Set but empty is unset: profiles written into the working folder would be a surprise.
            profileDir: process.env.LONGTASKS_PROFILE || undefined,
          }),
        );
      }
    }
    return { seconds, slowdown, pages, load: { before, after: loadavg()[0] ?? 0 } };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The measurements table: per page, the median round and every round's figure in brackets. */
export function longTasksTable(f: LongTaskFigures, machine: string): string {
  const rounds = f.pages[0]?.length ?? 0;
  const each = (runs: PageLongTasks[], figure: (run: PageLongTasks) => number, unit = '') =>
    `${median(runs.map(figure))}${unit} (${runs.map(figure).join(', ')})`;
  return [
    `Each live page opened fresh in headless Chromium (1280x720) with the CPU slowed ${f.slowdown}x`,
    `(DevTools protocol), on \`npm start\` with the demo market trading every pair, and watched`,
    `for ${f.seconds} s from its load event; ${rounds} visits a page, the median with each visit's figure in`,
    `brackets (${machine}, 1-minute load average ${f.load.before.toFixed(1)} before, ${f.load.after.toFixed(1)} after).`,
    "A task counts as long over 50 ms of its main thread's CPU time, slowed, from a trace of the",
    `window, and apart those after the first ${START_MS / 1000} s, when the page has started and only live updates`,
    "remain; the Long Tasks API's count beside it is by the wall clock, which on a shared machine",
    'adds the time the thread waited for a core. "Stream frames" counts the market socket\'s frames',
    "the page received; the slowest scripts come from the Long Animation Frames API's attribution",
    'of the frames over 50 ms, over all visits.',
    '',
    `| page | stream frames | tasks over 50 ms of CPU | of which after ${START_MS / 1000} s | longest, CPU ms | Long Tasks API: over 50 ms | longest, wall ms | slowest scripts in long frames |`,
    '|---|---|---|---|---|---|---|---|',
    ...f.pages.map((runs) => {
      const longest = (times: number[]) => Math.round(Math.max(0, ...times));
      return `| \`${runs[0]?.path}\` | ${each(runs, (run) => run.frames)} | ${each(runs, (run) => run.cpuLongTasks.length)} | ${each(runs, (run) => run.cpuLongTasks.filter((task) => task.atMs >= START_MS).length)} | ${each(runs, (run) => longest(run.cpuLongTasks.map((task) => task.cpuMs)))} | ${each(runs, (run) => run.longTasks.length)} | ${each(runs, (run) => longest(run.longTasks))} | ${slowest(runs.flatMap((run) => run.scripts)).join('; ') || '—'} |`;
    }),
  ].join('\n');
}

if (resolve(fileURLToPath(import.meta.url)) === resolve(process.argv[1] ?? '')) {
  const seconds = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 30);
  const table = longTasksTable(
    await benchLongTasks(seconds),
    `${cpus().length} cores, Node ${process.versions.node}`,
  );
  console.log(table);
  if (process.argv.includes('--write')) writeMeasurements('longtasks', table);
}
