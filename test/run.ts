/**
 * `npm test`: every check in one command — format and lint, types, unit tests in Node (on PGlite,
 * and those that move money on a real PostgreSQL too), component tests in Chromium, end-to-end
 * flows against the real server (the money flows on PostgreSQL too). Ends with one line that
 * totals the tests: "N passed, N failed, N skipped". On CI (`CI` set) a missing PostgreSQL fails
 * the run. The kill -9 fault runs take minutes of their own: faults.ts runs them, and CI runs it
 * after this script. docs/testing.md tells how the suite is laid out and what each layer costs.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WIDGET_BUDGET_GZ, widgetBundleSize } from '../bench/widgetSize.ts';
import { ensureChromium } from './chromium.ts';
import { run } from './command.ts';
import { playwrightFailures } from './failureNames.ts';
import { pgliteTemplate, postgresTemplate } from './migratedTemplates.ts';
import { FAULT_RUN, findTests, runNodeTestQueue, type Tally } from './nodeTests.ts';
import { postgresForScript } from './postgres.ts';
import { playwrightSpecTimings, slowestList, type Timing } from './slowest.ts';

const tallies: Tally[] = [];
/** Checks without a test count that failed (lint, types, builds, budget, PostgreSQL on CI). */
const problems: string[] = [];

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

const bin = (name: string) => join('node_modules', '.bin', name);

const started = performance.now();
/** How long each layer took, for the summary (docs/testing.md records them). */
const durations: string[] = [];

/** Resolves as `work` does, noting how long it ran under `layer`. */
async function timed<T>(layer: string, work: Promise<T>): Promise<T> {
  const from = performance.now();
  const result = await work;
  durations.push(`${layer} ${((performance.now() - from) / 1000).toFixed(0)} s`);
  return result;
}

const chromium = ensureChromium();
console.log(`\nChromium: ${chromium}`);
// While Biome reads the tree, the database server starts and the migrated templates every test
// database is copied from are built, once, before any test file would race to build them.
const postgres = await postgresForScript(fail);
const templates = Promise.all([pgliteTemplate(), postgres && postgresTemplate(postgres.url)]).catch(
  (error: unknown) => fail('migrating the test templates', `✗ ${String(error)}`),
);
await check('format and lint (Biome)', bin('biome'), ['check', '--error-on-warnings', '.']);
await templates;

// The server stays up for the end-to-end money flows too; it stops before the summary (and, should
// this script crash, when the process exits).
const database = postgres ? { TEST_DATABASE_URL: postgres.url } : {};

// The site and the widgets are built first, once: every end-to-end server serves this build (it
// rebuilds only when the sources are newer), and the size budget reads it.
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
    `✓ widget bundle: ${kb(widgets.gzip)} gzip before all four elements render (budget ${kb(WIDGET_BUDGET_GZ)}); loaded on demand: ${widgets.lazy.map((chunk) => `${chunk.name} ${kb(chunk.gzip)}`).join(', ') || 'nothing'}`,
  );
}

durations.push(`lint, templates and builds ${((performance.now() - started) / 1000).toFixed(0)} s`);

// Then three lanes share the two cores. The end-to-end flows are the longest, so they start first,
// in the background; the unit tests (mostly waiting on databases and child servers) run beside
// them, one file at a time, and two at a time once the types and the components, which take the
// foreground, are done (the unit lane is the longest: a second worker only after the flows left
// it three minutes alone on the machine at the end). None of them waits
// on time: every test waits on what it checks, so a busy machine makes them slower, not red.
const reportDir = mkdtempSync(join(tmpdir(), 'exchange-e2e-report-'));
const reportFile = join(reportDir, 'report.json');
const e2eRun = timed(
  'end-to-end',
  run(
    bin('playwright'),
    ['test', '--config', 'test/playwright.config.ts'],
    { ...database, CHROME_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile },
    false,
  ),
);
/** The foreground lane: the types of every project, then the component tests in Chromium. */
async function typesAndComponents() {
  const from = performance.now();
  for (const project of [
    'core',
    'core/tsconfig.test.json',
    'site',
    'site/tsconfig.test.json',
    'widgets',
    'widgets/tsconfig.test.json',
    'server',
    'test',
    'clients',
  ]) {
    await check(`types (${project})`, bin('tsc'), ['--noEmit', '-p', project]);
  }
  const result = await timed(
    'components',
    run(bin('web-test-runner'), ['--config', 'test/web-test-runner.config.mjs'], {
      CHROME_PATH: chromium,
    }),
  );
  durations.push(`types + components ${((performance.now() - from) / 1000).toFixed(0)} s`);
  return result;
}
const foregroundRun = typesAndComponents();
const unitRun = timed(
  'unit',
  runNodeTestQueue(
    'unit (Node)',
    // The kill -9 runs are left to faults.ts, which CI runs after this script.
    findTests(['core', 'server', 'test'], '.test.ts').filter((file) => !FAULT_RUN.test(file)),
    // One file at a time beside the end-to-end flows and the foreground, two once that is done.
    { starts: [Promise.resolve(), foregroundRun], env: database },
  ),
);
const browser = await foregroundRun;
// The runner prints ", N skipped" after "N passed, N failed" only when some were skipped.
const browserTotals = [
  ...browser.output.matchAll(/(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/g),
].at(-1);
tallies.push({
  layer: 'components (Chromium)',
  passed: Number(browserTotals?.[1] ?? 0),
  failed: Number(browserTotals?.[2] ?? 0) + (browser.code !== 0 ? 1 : 0),
  skipped: Number(browserTotals?.[3] ?? 0),
  // The component runner names its failures in its own output, printed as it ran.
  failures: [],
});

// Listed first in the summary, as the layers are in the README.
const unit = await unitRun;
tallies.unshift(unit);

const e2e = await e2eRun;
await postgres?.stop();
let stats = { expected: 0, unexpected: 0, skipped: 0, flaky: 0 };
let e2eFailures: string[] = [];
let e2eSpecs: Timing[] = [];
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  stats = report.stats;
  e2eFailures = playwrightFailures(report);
  e2eSpecs = playwrightSpecTimings(report);
} catch {
  // No report means the run did not get as far as the tests: counted as one failure below.
}
rmSync(reportDir, { recursive: true, force: true });
tallies.push({
  layer: 'end-to-end (Chromium + server)',
  passed: stats.expected,
  failed: stats.unexpected + stats.flaky + (e2e.code !== 0 && stats.unexpected === 0 ? 1 : 0),
  skipped: stats.skipped,
  failures: e2eFailures,
});

// Where the time went, above the summary (CI shows the log's tail).
console.log(`\n${slowestList('unit test files', unit.files ?? [])}`);
console.log(slowestList('end-to-end specs', e2eSpecs));
console.log('\nSummary');
for (const { layer, passed, failed, skipped } of tallies) {
  console.log(`  ${layer.padEnd(32)} ${passed} passed, ${failed} failed, ${skipped} skipped`);
}
const named = tallies.flatMap((tally) => tally.failures.map((name) => `${tally.layer}: ${name}`));
if (named.length > 0) console.log(`  Failed:\n${named.map((name) => `    ✗ ${name}`).join('\n')}`);
if (problems.length > 0) console.log(`  Also failed (see above): ${problems.join(', ')}.`);
console.log(
  `  Took ${((performance.now() - started) / 1000).toFixed(0)} s in all (${durations.join(', ')}).`,
);
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0) + problems.length;
const skipped = tallies.reduce((sum, t) => sum + t.skipped, 0);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
