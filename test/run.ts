/**
 * `npm test`: every check in one command — format and lint, types, unit tests in Node (on PGlite
 * and on a real PostgreSQL), component tests in Chromium, end-to-end flows against the real server
 * (the money flows on PostgreSQL too). Ends with one line that totals the tests:
 * "N passed, N failed, N skipped". On CI (`CI` set) a missing PostgreSQL fails the run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WIDGET_BUDGET_GZ, widgetBundleSize } from '../bench/widgetSize.ts';
import { ensureChromium } from './chromium.ts';
import {
  POSTGRES_MISSING_ON_CI,
  type PostgresServer,
  postgresRequired,
  startPostgres,
} from './postgres.ts';
import { countTapSkips } from './tapSkips.ts';

interface Tally {
  layer: string;
  passed: number;
  failed: number;
  skipped: number;
}

const tallies: Tally[] = [];
/** Checks without a test count that failed (lint, types, builds, budget, PostgreSQL on CI). */
const problems: string[] = [];

/**
 * Node's runner fails a test file that runs longer than this. Node 20 applies `--test-timeout` to
 * each file as a whole, so it sits well above the slowest file (the user methods, about 100 s on
 * two cores, longer while the other lane runs beside it): a hung test fails its file instead of
 * stalling the run.
 */
const NODE_TEST_FILE_TIMEOUT_MS = 600_000;

/**
 * Runs a command and resolves with its exit code and output. In the foreground its output streams
 * to ours as it comes; in the background (`echo: false`) it is kept and printed in one piece when
 * the command ends, so two lanes running at once never interleave their lines.
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, echo = true) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    const line = `\n$ ${command} ${args.join(' ')}`;
    console.log(echo ? line : `${line}\n  (in the background; its output follows when it ends)`);
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk;
      if (echo) stream.write(chunk);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code) => {
      if (!echo) console.log(`${line}\n${output}`);
      resolve({ code: code ?? 1, output });
    });
  });
}

/** Runs a check that has no test count; a failure marks the run failed. */
async function check(name: string, command: string, args: string[]) {
  const { code } = await run(command, args);
  if (code !== 0) fail(name);
}

/** Marks the run failed because of a check that has no test count. */
function fail(name: string, why = `✗ ${name} failed`) {
  problems.push(name);
  console.error(why);
}

/** Test files under the given folders, by suffix. */
function findTests(folders: string[], suffix: string): string[] {
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

function count(output: string, pattern: RegExp): number {
  const matches = [...output.matchAll(pattern)];
  return Number(matches.at(-1)?.[1] ?? 0);
}

const bin = (name: string) => join('node_modules', '.bin', name);

await check('format and lint (Biome)', bin('biome'), ['check', '--error-on-warnings', '.']);
const chromium = ensureChromium();
console.log(`\nChromium: ${chromium}`);
let postgres: PostgresServer | null = null;
try {
  postgres = await startPostgres();
} catch (error) {
  // Installed but not starting is a broken machine, not a missing database: say so and go on.
  fail('PostgreSQL start', `✗ ${String(error)}`);
}
if (postgres) {
  console.log(`PostgreSQL for the server tests: ${postgres.url.replace(/\/\/.*@/, '//')}`);
} else if (postgresRequired()) {
  fail('PostgreSQL on CI', `✗ ${POSTGRES_MISSING_ON_CI}`);
} else {
  console.log(
    'PostgreSQL binaries not found: the server tests skip their PostgreSQL half, and the @money end-to-end specs run on PGlite only.',
  );
}

// The server stays up for the end-to-end money flows too; it stops before the summary (and, should
// this script crash, when the process exits).
const database = postgres ? { TEST_DATABASE_URL: postgres.url } : {};

// Two lanes share the two cores: the unit tests (mostly waiting on databases and child servers)
// run in the background while the types are checked, the bundles built and the components tested
// in the foreground. The end-to-end flows run last and alone: they drive a real browser against
// real servers, and a busy machine would only make them slower.
const unitRun = run(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=tap',
    // Node runs one file at a time on two cores unless told otherwise.
    '--test-concurrency=2',
    `--test-timeout=${NODE_TEST_FILE_TIMEOUT_MS}`,
    ...findTests(['core', 'server', 'test'], '.test.ts'),
  ],
  database,
  false,
);
for (const project of [
  'core',
  'core/tsconfig.test.json',
  'site',
  'site/tsconfig.test.json',
  'widgets',
  'widgets/tsconfig.test.json',
  'server',
  'test',
]) {
  await check(`types (${project})`, bin('tsc'), ['--noEmit', '-p', project]);
}

await check('site build', bin('vite'), ['build', '--logLevel', 'warn']);
await check('widget build', bin('vite'), [
  'build',
  '-c',
  'vite.widgets.config.ts',
  '--logLevel',
  'warn',
]);
const widgets = widgetBundleSize();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
if (widgets.gzip > WIDGET_BUDGET_GZ) {
  fail(
    'the widget size budget',
    `✗ widget bundle is ${kb(widgets.gzip)} gzip, over its ${kb(WIDGET_BUDGET_GZ)} budget`,
  );
} else {
  console.log(
    `✓ widget bundle: ${kb(widgets.gzip)} gzip before the first element renders (budget ${kb(WIDGET_BUDGET_GZ)}); loaded on demand: ${widgets.lazy.map((chunk) => `${chunk.name} ${kb(chunk.gzip)}`).join(', ') || 'nothing'}`,
  );
}

const browser = await run(bin('web-test-runner'), ['--config', 'test/web-test-runner.config.mjs'], {
  CHROME_PATH: chromium,
});
// The runner prints ", N skipped" after "N passed, N failed" only when some were skipped.
const browserTotals = [
  ...browser.output.matchAll(/(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/g),
].at(-1);
tallies.push({
  layer: 'components (Chromium)',
  passed: Number(browserTotals?.[1] ?? 0),
  failed: Number(browserTotals?.[2] ?? 0) + (browser.code !== 0 ? 1 : 0),
  skipped: Number(browserTotals?.[3] ?? 0),
});

const unit = await unitRun;
// Listed first in the summary, as the layers are in the README.
tallies.unshift({
  layer: 'unit (Node)',
  passed: count(unit.output, /^# pass (\d+)$/gm),
  // A test cancelled (by a failed hook or a timeout) failed too; a crash before the summary as well.
  failed:
    count(unit.output, /^# fail (\d+)$/gm) + count(unit.output, /^# cancelled (\d+)$/gm) ||
    (unit.code === 0 ? 0 : 1),
  skipped: countTapSkips(unit.output),
});

const reportDir = mkdtempSync(join(tmpdir(), 'exchange-e2e-report-'));
const reportFile = join(reportDir, 'report.json');
const e2e = await run(bin('playwright'), ['test', '--config', 'test/playwright.config.ts'], {
  ...database,
  CHROME_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
});
await postgres?.stop();
let stats = { expected: 0, unexpected: 0, skipped: 0, flaky: 0 };
try {
  stats = JSON.parse(readFileSync(reportFile, 'utf8')).stats;
} catch {
  // No report means the run did not get as far as the tests: counted as one failure below.
}
rmSync(reportDir, { recursive: true, force: true });
tallies.push({
  layer: 'end-to-end (Chromium + server)',
  passed: stats.expected,
  failed: stats.unexpected + stats.flaky + (e2e.code !== 0 && stats.unexpected === 0 ? 1 : 0),
  skipped: stats.skipped,
});

console.log('\nSummary');
for (const { layer, passed, failed, skipped } of tallies) {
  console.log(`  ${layer.padEnd(32)} ${passed} passed, ${failed} failed, ${skipped} skipped`);
}
if (problems.length > 0) console.log(`  Also failed (see above): ${problems.join(', ')}.`);
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0) + problems.length;
const skipped = tallies.reduce((sum, t) => sum + t.skipped, 0);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
