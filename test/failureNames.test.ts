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
});
