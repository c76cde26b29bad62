import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { playwrightFailures, tapFailures } from './failureNames.ts';

describe('the names of failed tests, for the summary', () => {
  it('names the innermost failed TAP test with its suites, once', () => {
    const tap = [
      '# Subtest: wallet',
      '    # Subtest: a transfer moves money',
      '    ok 1 - a transfer moves money',
      '    # Subtest: a withdrawal is signed once',
      '    not ok 2 - a withdrawal is signed once',
      '    1..2',
      'not ok 1 - wallet',
      '# Subtest: a lone test',
      'not ok 2 - a lone test',
      '# Subtest: not done yet',
      'not ok 3 - not done yet # TODO',
      '# Subtest: passing',
      'ok 4 - passing',
    ].join('\n');
    assert.deepEqual(tapFailures(tap), ['wallet › a withdrawal is signed once', 'a lone test']);
  });

  it('names failed and flaky flows with their project and the first line of the error', () => {
    const report = {
      suites: [
        {
          title: 'shell.spec.ts',
          specs: [
            {
              title: 'signs in',
              tests: [
                { projectName: 'postgres', status: 'expected', results: [{}] },
                {
                  projectName: '127.0.0.1',
                  status: 'unexpected',
                  results: [
                    { error: { message: '\u001b[31mTimeout 15000ms\u001b[39m\nat line 3' } },
                  ],
                },
              ],
            },
          ],
          suites: [
            {
              title: 'chat',
              specs: [
                {
                  title: 'sends',
                  tests: [
                    {
                      projectName: 'localhost',
                      status: 'flaky',
                      results: [{ error: { message: 'lost' } }, {}],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    assert.deepEqual(playwrightFailures(report), [
      '[127.0.0.1] shell.spec.ts › signs in: Timeout 15000ms',
      '[localhost] shell.spec.ts › chat › sends (passed on a retry): lost',
    ]);
  });

  it('adds where a TAP failure happened, its error, and what was expected and found', () => {
    const tap = [
      '# Subtest: orders',
      'not ok 1 - orders',
      '  ---',
      "  location: '/repo/test/orders.test.ts:39:5'",
      '  error: |-',
      '    one order, not two',
      '    ',
      '    0 !== 1',
      '  expected: 1',
      '  actual: 0',
      '  stack: |-',
      '    at TestContext',
      '  ...',
    ].join('\n');
    assert.deepEqual(tapFailures(tap), [
      [
        'orders',
        "location: '/repo/test/orders.test.ts:39:5'",
        'error: one order, not two / 0 !== 1',
        'expected: 1',
        'actual: 0',
      ].join('\n        '),
    ]);
  });

  it("adds a flow's failing line and what its assertion expected and received", () => {
    const message = [
      'Error: expect(locator).toHaveCount(expected) failed',
      '',
      "Locator:  locator('#inline').locator('summary')",
      'Expected: 3',
      'Received: 0',
      'Timeout:  5000ms',
      '',
      'Call log:',
      '  - waiting',
    ].join('\n');
    const report = {
      suites: [
        {
          title: 'widgets.spec.ts',
          specs: [
            {
              title: 'searches',
              tests: [
                {
                  projectName: '127.0.0.1',
                  status: 'unexpected',
                  results: [
                    {
                      error: {
                        message,
                        location: { file: '/repo/test/e2e/widgets.spec.ts', line: 298 },
                      },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    assert.deepEqual(playwrightFailures(report), [
      [
        '[127.0.0.1] widgets.spec.ts › searches: Error: expect(locator).toHaveCount(expected) failed',
        'at widgets.spec.ts:298',
        "Locator:  locator('#inline').locator('summary')",
        'Expected: 3',
        'Received: 0',
      ].join('\n        '),
    ]);
  });
});
