/** Rewrites one marked section of the README with fresh figures. */
import { readFileSync, writeFileSync } from 'node:fs';

/** Replaces the text between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`. */
export function writeReadmeSection(name: string, body: string, file = 'README.md'): void {
  const text = readFileSync(file, 'utf8');
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README has no ${start} … ${end} section`);
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${body.trim()}\n${text.slice(to)}`);
}
