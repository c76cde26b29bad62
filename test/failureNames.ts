/**
 * The names of the tests that failed, for the summary's last lines: CI shows the tail of a run's
 * output, and a count alone ("1 failed") leaves the reader to dig for which one.
 */

/** TAP's failed test points ("not ok 3 - name"), each with the suites around it: "suite › name". */
export function tapFailures(output: string): string[] {
  const path: string[] = [];
  const failed: string[] = [];
  for (const line of output.split('\n')) {
    const subtest = /^(\s*)# Subtest: (.*)$/.exec(line);
    if (subtest) {
      path[depth(subtest[1] ?? '')] = subtest[2] ?? '';
      continue;
    }
    const point = /^(\s*)not ok \d+ - (.*?)(?: # .*)?$/.exec(line);
    // A test marked TODO may fail without failing the run.
    if (point === null || / # TODO\b/.test(line)) continue;
    const level = depth(point[1] ?? '');
    const name = [...path.slice(0, level), point[2] ?? ''].join(' › ');
    // A suite fails when a test inside it does; only the innermost failure names a test.
    if (!failed.some((inner) => inner.startsWith(`${name} › `))) failed.push(name);
  }
  return failed;
}

/** Node's TAP indents each level of subtests by four spaces. */
function depth(indent: string): number {
  return Math.floor(indent.length / 4);
}

interface ReportSuite {
  title: string;
  suites?: ReportSuite[];
  specs?: {
    title: string;
    tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
  }[];
}

/**
 * Playwright's JSON report: each flow that failed or passed only on a retry, as
 * "[project] file › title: first line of its error".
 */
export function playwrightFailures(report: { suites?: ReportSuite[] }): string[] {
  const failed: string[] = [];
  const walk = (suite: ReportSuite, titles: string[]) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const error = test.results.find((result) => result.error)?.error?.message ?? '';
        const firstLine = stripColours(error).split('\n')[0]?.trim() ?? '';
        const how = test.status === 'flaky' ? ' (passed on a retry)' : '';
        failed.push(
          `[${test.projectName}] ${[...here, spec.title].join(' › ')}${how}: ${firstLine}`,
        );
      }
    }
    for (const inner of suite.suites ?? []) walk(inner, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return failed;
}

function stripColours(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes start with ESC.
  return text.replace(/\u001b\[[0-9;]*m/g, '');
}
