/**
 * A reporter for Node's test runner (`--test-reporter=./test/fileDurations.mjs`) that writes one
 * line per test file, "seconds<TAB>file", as each file ends: the file's whole run, its process's
 * start-up and imports included. nodeTests.ts reads these lines for the run's "slowest" list.
 * Plain JavaScript: the runner loads its reporters without the TypeScript loader.
 */

/** Yields "seconds\tfile" for every test file the runner finishes. */
export default async function* fileDurations(events) {
  for await (const event of events) {
    const { name, file, details } = event.data ?? {};
    // The runner reports each file as a test named after the file itself.
    if (event.type === 'test:complete' && file !== undefined && name === file) {
      yield `${(details.duration_ms / 1000).toFixed(1)}\t${file}\n`;
    }
  }
}
