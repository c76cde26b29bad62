/**
 * The names of the tests that failed, for the summary's last lines: CI shows the tail of a run's
 * output, and a count alone ("1 failed") leaves the reader to dig for which one.
 */
import { basename } from 'node:path';

/**
 * TAP's failed test points ("not ok 3 - name"), each with the suites around it: "suite › name",
 * then the lines of its YAML block that say why (where, the error, expected and actual).
 */
export function tapFailures(output: string): string[] {
  const path: string[] = [];
  const failed: string[] = [];
  const lines = output.split('\n');
  lines.forEach((line, at) => {
    const subtest = /^(\s*)# Subtest: (.*)$/.exec(line);
    if (subtest) {
      path[depth(subtest[1] ?? '')] = subtest[2] ?? '';
      return;
    }
    const point = /^(\s*)not ok \d+ - (.*?)(?: # .*)?$/.exec(line);
    // A test marked TODO may fail without failing the run.
    if (point === null || / # TODO\b/.test(line)) return;
    const level = depth(point[1] ?? '');
    const name = [...path.slice(0, level), point[2] ?? ''].join(' › ');
    // A suite fails when a test inside it does; only the innermost failure names a test.
    if (failed.some((inner) => inner.startsWith(`${name} › `))) return;
    failed.push([name, ...whyFailed(yamlBlock(lines, at + 1))].join(DETAIL));
  });
  return failed;
}

/** Joins a failure's name to its detail lines, indented under the summary's "✗ name". */
const DETAIL = '\n        ';

/** How many lines of an error the summary keeps. */
const ERROR_LINES = 4;

/** The YAML block ("  ---" to "  ...") that follows a test point, its lines unindented. */
function yamlBlock(lines: string[], from: number): string[] {
  const open = /^(\s*)---$/.exec(lines[from] ?? '');
  if (open === null) return [];
  const indent = open[1] ?? '';
  const block: string[] = [];
  for (let at = from + 1; at < lines.length; at++) {
    const line = lines[at] ?? '';
    if (line === `${indent}...`) break;
    block.push(line.slice(indent.length));
  }
  return block;
}

/** The lines of a failed point's YAML block worth printing: where, the error, expected, actual. */
function whyFailed(block: string[]): string[] {
  const why: string[] = [];
  block.forEach((line, at) => {
    const field = /^(location|error|expected|actual): (.*)$/.exec(line);
    if (field === null) return;
    const [, key, value = ''] = field;
    if (key !== 'error' || !/^[|>]/.test(value)) {
      why.push(`${key}: ${value}`);
      return;
    }
    // A multi-line error: the indented lines under `error: |-`.
    const text = [];
    for (const next of block.slice(at + 1)) {
      if (!next.startsWith('  ')) break;
      if (next.trim() !== '') text.push(next.trim());
    }
    why.push(`error: ${text.slice(0, ERROR_LINES).join(' / ')}`);
  });
  return why;
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
    tests: {
      projectName: string;
      status: string;
      results: { error?: { message?: string; location?: { file: string; line: number } } }[];
    }[];
  }[];
}

/**
 * Playwright's JSON report: each flow that failed or passed only on a retry, as
 * "[project] file › title: first line of its error", then where it failed and what the
 * assertion expected and received.
 */
export function playwrightFailures(report: { suites?: ReportSuite[] }): string[] {
  const failed: string[] = [];
  const walk = (suite: ReportSuite, titles: string[]) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const error = test.results.find((result) => result.error)?.error;
        const [firstLine = '', ...rest] = stripColours(error?.message ?? '')
          .split('\n')
          .map((line) => line.trim());
        const how = test.status === 'flaky' ? ' (passed on a retry)' : '';
        const where = error?.location
          ? [`at ${basename(error.location.file)}:${error.location.line}`]
          : [];
        const said = rest.filter((line) => /^(Locator|Expected|Received)\b/.test(line));
        failed.push(
          [
            `[${test.projectName}] ${[...here, spec.title].join(' › ')}${how}: ${firstLine}`,
            ...where,
            ...said.slice(0, ERROR_LINES),
          ].join(DETAIL),
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
