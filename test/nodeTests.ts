/** The Node test lane of the test scripts: which files, how they run, and their tally. */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './command.ts';
import { tapFailures } from './failureNames.ts';
import { readFileDurations, type Timing } from './slowest.ts';
import { countTapSkips } from './tapSkips.ts';

/** A layer's test counts, as the summary prints them. */
export interface Tally {
  layer: string;
  passed: number;
  failed: number;
  skipped: number;
  /** The names of the failed tests, for the summary. */
  failures: string[];
  /** How long each test file ran, start-up included (Node's layers only). */
  files?: Timing[];
}

/**
 * Node's runner fails a test file that runs longer than this. Node 20 applies `--test-timeout` to
 * each file as a whole, so it sits well above the slowest file (a fault run, a few minutes on two
 * busy cores): a hung test fails its file instead of stalling the run.
 */
const NODE_TEST_FILE_TIMEOUT_MS = 600_000;

/** The reporter that writes each test file's duration (fileDurations.mjs). */
const DURATIONS_REPORTER = fileURLToPath(new URL('./fileDurations.mjs', import.meta.url));

/**
 * The kill -9 runs: each starts and kills real servers for minutes, so they run in a script of
 * their own (faults.ts, which CI runs after `npm test`) rather than in the unit lane.
 */
export const FAULT_RUN = /-fault\.test\.ts$/;

/** Test files under the given folders whose names end in `suffix`, end-to-end specs aside. */
export function findTests(folders: string[], suffix: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'node_modules' || name === 'e2e') continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(suffix)) found.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return found.sort();
}

/**
 * Runs test files with Node's runner, `concurrency` files at a time, and tallies the outcome
 * under `layer`. In the background (`echo: false`) the output is printed when the run ends.
 */
export async function runNodeTests(
  layer: string,
  files: string[],
  options: { concurrency: number; env: NodeJS.ProcessEnv; echo: boolean },
): Promise<Tally> {
  // Beside TAP, a reporter of each file's duration writes to a file of its own.
  const durationsDir = mkdtempSync(join(tmpdir(), 'exchange-test-durations-'));
  const durations = join(durationsDir, 'durations.tsv');
  const { code, output } = await run(
    process.execPath,
    [
      // PGlite's WebAssembly on V8's baseline compiler only: a test file's process is too short
      // to repay optimising PostgreSQL's 10 MB module (users.test.ts: 30 % less CPU; the
      // query-heavy input-fuzz.test.ts: 6 % less). Passed on to each file's process.
      '--liftoff-only',
      '--import',
      'tsx',
      '--test',
      '--test-reporter=tap',
      '--test-reporter-destination=stdout',
      `--test-reporter=${DURATIONS_REPORTER}`,
      `--test-reporter-destination=${durations}`,
      `--test-concurrency=${options.concurrency}`,
      `--test-timeout=${NODE_TEST_FILE_TIMEOUT_MS}`,
      ...files,
    ],
    options.env,
    options.echo,
  );
  const timings = readFileDurations(durations);
  rmSync(durationsDir, { recursive: true, force: true });
  return {
    layer,
    passed: lastCount(output, /^# pass (\d+)$/gm),
    // A test cancelled (by a failed hook or a timeout) failed too; a crash before the summary as well.
    failed:
      lastCount(output, /^# fail (\d+)$/gm) + lastCount(output, /^# cancelled (\d+)$/gm) ||
      (code === 0 ? 0 : 1),
    skipped: countTapSkips(output),
    failures: tapFailures(output),
    files: timings,
  };
}

function lastCount(output: string, pattern: RegExp): number {
  const matches = [...output.matchAll(pattern)];
  return Number(matches.at(-1)?.[1] ?? 0);
}

/** How many files each run of the runner takes from the shared queue (runNodeTestQueue). */
const FILES_PER_TAKE = 3;

/**
 * The queue's order: the cross-folder tests of test/ first (several servers, real sockets: the
 * longest files), then the server's, then core's (pure and quick), so the work left when the
 * second worker joins splits into small pieces instead of ending on one long file.
 */
const LONGEST_FIRST = ['test/', 'server/', 'core/'];

function queueOrder(files: string[]): string[] {
  const rank = (file: string) => {
    const at = LONGEST_FIRST.findIndex((folder) => file.startsWith(folder));
    return at === -1 ? LONGEST_FIRST.length : at;
  };
  return [...files].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Runs test files one at a time per worker, from one queue that the workers take small runs of
 * files from: one worker per entry of `starts`, each beginning when its promise settles. The unit
 * lane starts with one worker beside the end-to-end flows and gains a second when they end, so
 * the files left then share both cores instead of waiting for one.
 */
export async function runNodeTestQueue(
  layer: string,
  files: string[],
  options: { starts: Promise<unknown>[]; env: NodeJS.ProcessEnv },
): Promise<Tally> {
  const queue = queueOrder(files);
  const tallies: Tally[] = [];
  const work = async (start: Promise<unknown>) => {
    await start.catch(() => undefined);
    while (queue.length > 0) {
      const take = queue.splice(0, FILES_PER_TAKE);
      tallies.push(
        await runNodeTests(layer, take, { concurrency: 1, env: options.env, echo: false }),
      );
    }
  };
  await Promise.all(options.starts.map(work));
  return {
    layer,
    passed: tallies.reduce((sum, tally) => sum + tally.passed, 0),
    failed: tallies.reduce((sum, tally) => sum + tally.failed, 0),
    skipped: tallies.reduce((sum, tally) => sum + tally.skipped, 0),
    failures: tallies.flatMap((tally) => tally.failures),
    files: tallies.flatMap((tally) => tally.files ?? []),
  };
}
