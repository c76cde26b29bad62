/**
 * What each method does, in one sentence or a few: the doc comment its entry carries in the
 * protocol's method maps (core/protocol/), read from the source so the comment a caller sees in
 * the editor and the one in the API reference are the same text.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** The folder of the protocol's source, one file per domain. */
const PROTOCOL_DIR = new URL('../../core/protocol/', import.meta.url);

/** A doc comment followed by a method map's key, such as `'orders.place': {`. */
const DOCUMENTED_KEY = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*\n\s*'([A-Za-z0-9]+\.[A-Za-z0-9]+)':/g;

/** The doc comment of every method that has one in the protocol, by wire name. */
export function readMethodSummaries(dir: URL = PROTOCOL_DIR): Map<string, string> {
  const summaries = new Map<string, string>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort()) {
    const source = readFileSync(new URL(file, dir), 'utf8');
    for (const [, comment = '', name = ''] of source.matchAll(DOCUMENTED_KEY)) {
      summaries.set(name, commentText(comment));
    }
  }
  return summaries;
}

/** A doc comment's text on one line: the leading stars and the line breaks dropped. */
function commentText(comment: string): string {
  return comment
    .split('\n')
    .map((line) => line.replace(/^\s*\*?\s?/, '').trim())
    .filter((line) => line !== '')
    .join(' ');
}
