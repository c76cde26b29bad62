/**
 * `npm test`: every check in one command — format and lint, types, unit tests in Node (on PGlite
 * and on a real PostgreSQL), component tests in Chromium, end-to-end flows against the real server.
 * Ends with one line that totals the tests: "N passed, N failed".
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WIDGET_BUDGET_GZ, widgetBundleSize } from '../bench/widgetSize.ts';
import { ensureChromium } from './chromium.ts';
import { startPostgres } from './postgres.ts';

interface Tally {
  layer: string;
  passed: number;
  failed: number;
  skipped: number;
}

const tallies: Tally[] = [];
let broken = false;

/** Runs a command with inherited stdio plus a copy of its output; resolves with code and text. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    console.log(`\n$ ${command} ${args.join(' ')}`);
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Runs a check that has no test count; a failure marks the run failed. */
async function check(name: string, command: string, args: string[]) {
  const { code } = await run(command, args);
  if (code !== 0) {
    broken = true;
    console.error(`✗ ${name} failed`);
  }
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

const chromium = ensureChromium();
console.log(`\nChromium: ${chromium}`);
const postgres = await startPostgres();
if (postgres)
  console.log(`PostgreSQL for the server tests: ${postgres.url.replace(/\/\/.*@/, '//')}`);
else console.log('PostgreSQL binaries not found: the server tests skip their PostgreSQL half.');

try {
  const unit = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=tap',
      ...findTests(['core', 'server', 'test'], '.test.ts'),
    ],
    postgres ? { TEST_DATABASE_URL: postgres.url } : {},
  );
  tallies.push({
    layer: 'unit (Node)',
    passed: count(unit.output, /^# pass (\d+)$/gm),
    // A crash before the summary still counts as a failure.
    failed: count(unit.output, /^# fail (\d+)$/gm) || (unit.code === 0 ? 0 : 1),
    skipped: count(unit.output, /^# skipped (\d+)$/gm),
  });
} finally {
  await postgres?.stop();
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
  broken = true;
  console.error(
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
tallies.push({
  layer: 'components (Chromium)',
  passed: count(browser.output, /(\d+) passed, \d+ failed/g),
  failed: count(browser.output, /\d+ passed, (\d+) failed/g) + (browser.code !== 0 ? 1 : 0),
  skipped: 0,
});

const reportDir = mkdtempSync(join(tmpdir(), 'exchange-e2e-report-'));
const reportFile = join(reportDir, 'report.json');
const e2e = await run(bin('playwright'), ['test', '--config', 'test/playwright.config.ts'], {
  CHROME_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
});
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
if (broken) console.log('  Lint, types, a build or the widget size budget failed (see above).');
const passed = tallies.reduce((sum, t) => sum + t.passed, 0);
const failed = tallies.reduce((sum, t) => sum + t.failed, 0) + (broken ? 1 : 0);
const skipped = tallies.reduce((sum, t) => sum + t.skipped, 0);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
