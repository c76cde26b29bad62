/**
 * One page watched for long tasks: opened in a fresh browser context (empty cache) with the CPU
 * slowed through the DevTools protocol, its Long Tasks and Long Animation Frames observed from
 * before its first script, and the window counted from its load event. Optionally a CPU profile
 * of the window (the DevTools `Profiler` domain) for finding what made the tasks.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { type CpuTask, cpuLongTasks } from './traceTasks.ts';

/** The user-timing mark that ties the trace's clock to the page's. */
const WINDOW_MARK = 'bench-window-end';

/** What one page's main thread did in the window. */
export interface PageLongTasks {
  path: string;
  /** Each long task's duration, in ms, in order (the Long Tasks API: wall-clock time). */
  longTasks: number[];
  /** Each task whose CPU time (slowed) was over 50 ms, in order. */
  cpuLongTasks: CpuTask[];
  /** The sum of each long task's time past 50 ms (Lighthouse's total blocking time, measured). */
  blockingMs: number;
  /** Market socket frames the page received in the window. */
  frames: number;
  /** The scripts that ran in frames over 50 ms, each with its time. */
  scripts: { name: string; duration: number }[];
}

/** How to watch. */
export interface WatchOptions {
  seconds: number;
  slowdown: number;
  /** When set, a CPU profile of the window is written here as `<page>.cpuprofile`. */
  profileDir?: string | undefined;
}

interface Seen {
  longTasks: { start: number; duration: number }[];
  scripts: { start: number; frame: number; name: string; duration: number }[];
}

declare global {
  interface Window {
    seenForBench?: Seen;
  }
}

/** Registered before the page's own scripts: every long task and long frame from the start. */
function observe(): void {
  const seen: Seen = { longTasks: [], scripts: [] };
  window.seenForBench = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      seen.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' });
  type Frame = PerformanceEntry & {
    scripts: { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number }[];
  };
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries() as Frame[]) {
      if (frame.duration <= 50) continue;
      for (const script of frame.scripts) {
        const file =
          script.sourceURL
            .split('/')
            .pop()
            ?.replace(/-[\w-]{8}\.js$/, '') ?? '';
        const name = `${script.invoker} (${file || 'page'} ${script.sourceFunctionName || 'anonymous'})`;
        seen.scripts.push({
          start: frame.startTime,
          frame: frame.duration,
          name,
          duration: script.duration,
        });
      }
    }
  }).observe({ type: 'long-animation-frame' });
}

/** Opens `url` and watches its main thread for `seconds` after its load event. */
export async function watchPage(
  browser: Browser,
  url: string,
  { seconds, slowdown, profileDir }: WatchOptions,
): Promise<PageLongTasks> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.addInitScript(observe);
    await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
    let counting = false;
    let frames = 0;
    page.on('websocket', (socket) => {
      socket.on('framereceived', () => {
        if (counting) frames += 1;
      });
    });
    await page.goto(url, { waitUntil: 'load' });
    counting = true;
    if (profileDir !== undefined) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.waitForTimeout(seconds * 1000);
    counting = false;
    const path = new URL(url).pathname;
    if (profileDir !== undefined) {
      const { profile } = await cdp.send('Profiler.stop');
      const name = path.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home';
      writeFileSync(join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
    }
    // Filtered here, not in the page: the evaluated function must not define functions of its
    // own (the TypeScript loader would name them with a helper the page lacks).
    const found = await page.evaluate(
      (mark) => ({
        from: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
          .loadEventEnd,
        markAt: performance.mark(mark).startTime,
        seen: window.seenForBench ?? { longTasks: [], scripts: [] },
      }),
      WINDOW_MARK,
    );
    const trace = await browser.stopTracing();
    const inWindow = ({ start }: { start: number }) =>
      start >= found.from && start < found.from + seconds * 1000;
    const seen = {
      longTasks: found.seen.longTasks.filter(inWindow),
      scripts: found.seen.scripts.filter(inWindow),
    };
    const longTasks = seen.longTasks.map((task) => task.duration);
    return {
      path,
      longTasks,
      cpuLongTasks: cpuLongTasks(trace, WINDOW_MARK, found.markAt, {
        fromMs: found.from,
        toMs: found.from + seconds * 1000,
      }),
      blockingMs: longTasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
      frames,
      scripts: seen.scripts.map(({ name, duration }) => ({ name, duration })),
    };
  } finally {
    await context.close();
  }
}

/** The three scripts with the most time in long frames, summed by name, with that time. */
export function slowest(scripts: readonly { name: string; duration: number }[]): string[] {
  const byName = new Map<string, number>();
  for (const script of scripts) {
    byName.set(script.name, (byName.get(script.name) ?? 0) + script.duration);
  }
  return [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, ms]) => `${name} ${Math.round(ms)} ms`);
}
