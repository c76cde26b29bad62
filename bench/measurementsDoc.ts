/** Rewrites one marked section of docs/measurements.md with fresh figures. */
import { readFileSync, writeFileSync } from 'node:fs';

/** Where the benchmarks' figures are published. */
export const MEASUREMENTS_FILE = 'docs/measurements.md';

/** Replaces the text between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`. */
export function writeMeasurements(name: string, body: string, file = MEASUREMENTS_FILE): void {
  const text = readFileSync(file, 'utf8');
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no ${start} … ${end} section`);
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${body.trim()}\n${text.slice(to)}`);
}
