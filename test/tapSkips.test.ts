import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { countTapSkips } from './tapSkips.ts';

/** A test file as the PostgreSQL half looks without a server, beside a run that has cases. */
const FIXTURE = `
import { describe, it, test } from 'node:test';
describe('postgres', { skip: 'no server' }, () => {
  it('one', () => {});
  it('two', () => {});
});
describe('pglite', () => {
  it('one', () => {});
  it('two', { skip: true }, () => {});
  it('named # SKIP but run', () => {});
});
test('skipped at the top', { skip: 'why' }, () => {});
`;

test('every skipped test point counts, a skipped describe included', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tap-skips-'));
  try {
    const file = join(dir, 'fixture.test.mjs');
    writeFileSync(file, FIXTURE);
    // Without this the inner runner would think it is a child of the runner running this test.
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    const { stdout } = spawnSync(process.execPath, ['--test', '--test-reporter=tap', file], {
      env,
      encoding: 'utf8',
    });
    assert.match(stdout, /^# pass 2$/m, stdout);
    assert.match(stdout, /^# skipped 2$/m, "node's own total misses the skipped describe");
    assert.equal(countTapSkips(stdout), 3, stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
