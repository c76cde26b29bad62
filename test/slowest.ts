/**
 * Where a test run's time went: the slowest unit files and end-to-end specs, printed before the
 * summary so a CI log shows what to make cheaper next.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** A file (or spec and project) and the seconds it ran. */
export interface Timing {
  name: string;
  seconds: number;
}

/** How many of the slowest the list names. */
const LISTED = 10;

/** The lines written by the fileDurations.mjs reporter, "seconds\tfile", as timings. */
export function readFileDurations(path: string): Timing[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.includes('\t'))
    .map((line) => {
      const [seconds = '0', file = ''] = line.split('\t');
      return { name: relative(process.cwd(), file), seconds: Number(seconds) };
    });
}

interface ReportSuite {
  title: string;
  suites?: ReportSuite[];
  specs?: { tests: { projectName: string; results: { duration: number }[] }[] }[];
}

/**
 * Playwright's JSON report as one timing per spec file and project ("p2p.spec.ts [postgres]"):
 * the sum of its flows' runs, retries included, without the server start-up between projects.
 */
export function playwrightSpecTimings(report: { suites?: ReportSuite[] }): Timing[] {
  const totals = new Map<string, number>();
  const walk = (suite: ReportSuite, file: string) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const name = `${file} [${test.projectName}]`;
        const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
        totals.set(name, (totals.get(name) ?? 0) + ms / 1000);
      }
    }
    for (const inner of suite.suites ?? []) walk(inner, file);
  };
  // The report's top-level suites are the spec files.
  for (const suite of report.suites ?? []) walk(suite, suite.title);
  return [...totals].map(([name, seconds]) => ({ name, seconds }));
}

/** "Slowest <what>:" and the ten longest timings, longest first, one per line. */
export function slowestList(what: string, timings: Timing[]): string {
  const longest = [...timings].sort((a, b) => b.seconds - a.seconds).slice(0, LISTED);
  const lines = longest.map(
    ({ name, seconds }) => `    ${seconds.toFixed(1).padStart(6)} s  ${name}`,
  );
  const total = timings.reduce((sum, timing) => sum + timing.seconds, 0);
  return [`  Slowest ${what} (of ${timings.length}, ${total.toFixed(0)} s in all):`, ...lines].join(
    '\n',
  );
}
