import assert from 'node:assert/strict';
import { test } from 'node:test';
import { playwrightSpecTimings, slowestList } from './slowest.ts';

test('spec timings add up each file per project, retries included', () => {
  const flow = (projectName: string, ...durations: number[]) => ({
    projectName,
    results: durations.map((duration) => ({ duration })),
  });
  const report = {
    suites: [
      {
        title: 'wallet.spec.ts',
        specs: [{ tests: [flow('pglite', 2_000), flow('postgres', 3_000, 1_500)] }],
        suites: [{ title: 'inner', specs: [{ tests: [flow('pglite', 500)] }] }],
      },
    ],
  };
  assert.deepEqual(playwrightSpecTimings(report), [
    { name: 'wallet.spec.ts [pglite]', seconds: 2.5 },
    { name: 'wallet.spec.ts [postgres]', seconds: 4.5 },
  ]);
});

test('the slowest list names the ten longest, longest first, with the total', () => {
  const timings = Array.from({ length: 12 }, (_, at) => ({ name: `file${at}`, seconds: at }));
  const lines = slowestList('files', timings).split('\n');
  assert.equal(lines[0], '  Slowest files (of 12, 66 s in all):');
  assert.equal(lines.length, 11);
  assert.match(lines[1] ?? '', /11\.0 s {2}file11$/);
  assert.match(lines[10] ?? '', /2\.0 s {2}file2$/);
});
