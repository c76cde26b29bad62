/** Counting skipped tests in the TAP output of Node's test runner (see run.ts). */

/**
 * Skipped test points in TAP output: every `ok … # SKIP` line, at any depth. Node's own
 * "# skipped" total leaves out a skipped `describe`, which TAP shows as one point with no cases
 * under it (its body never runs), so each such suite counts as one skip here. Node escapes a `#`
 * inside a test name as `\#`, so a name cannot pass for the directive.
 */
export function countTapSkips(output: string): number {
  return [...output.matchAll(/^ *(?:not )?ok \d+ .*?(?<!\\)# SKIP\b/gm)].length;
}
