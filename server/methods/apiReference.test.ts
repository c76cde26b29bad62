import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { MethodName } from '../../core/protocol/index.ts';
import { renderApiReference } from './apiReference.ts';
import { methods } from './index.ts';
import { readMethodSummaries } from './methodSummaries.ts';
import type { Method } from './registry.ts';

const COMMITTED = new URL('../../docs/api/', import.meta.url);
const OUT_OF_DATE = 'docs/api/ is out of date: run `npm run docs` and commit what it writes.';

/** A method outside the registry, for checking how the reference shows one. */
function fakeMethod(name: string, params: z.ZodType, access: Method['access'] = 'user'): Method {
  return { name: name as MethodName, access, params, run: async () => ({}) };
}

/** The text of one page the reference renders. */
function page(pages: ReturnType<typeof renderApiReference>, file: string): string {
  const found = pages.find((candidate) => candidate.file === file);
  assert.ok(found, `no page ${file}`);
  return found.text;
}

test('the committed API reference is what the method registry says', () => {
  const pages = renderApiReference();
  const committed = readdirSync(COMMITTED).filter((file) => file.endsWith('.md'));
  assert.deepEqual(committed.sort(), pages.map((p) => p.file).sort(), OUT_OF_DATE);
  for (const { file, text } of pages) {
    assert.ok(readFileSync(new URL(file, COMMITTED), 'utf8') === text, `${file}: ${OUT_OF_DATE}`);
  }
});

test('every registered method is listed once in the index with its access level', () => {
  const pages = renderApiReference();
  const index = page(pages, 'index.md');
  for (const method of methods) {
    const rows = index.split('\n').filter((line) => line.startsWith(`| [\`${method.name}\`]`));
    assert.equal(rows.length, 1, method.name);
    assert.match(rows[0] ?? '', new RegExp(`\\| \`${method.access}\` \\|`), method.name);
    const sections = pages.filter((p) => p.text.includes(`\n## \`${method.name}\`\n`));
    assert.equal(sections.length, 1, `${method.name} has one section`);
  }
});

test('parameters show their type, whether they are required, and the limits the schema checks', () => {
  const params = z.strictObject({
    pair: z.enum(['BTC_USDT', 'ETH_USDT']),
    depth: z.number().int().min(1).max(500).exactOptional(),
    note: z.string().trim().min(1).max(140),
    tags: z.array(z.string().max(8)).max(20).exactOptional(),
  });
  const text = page(
    renderApiReference([fakeMethod('markets.example', params, 'public')], new Map()),
    'trading.md',
  );
  assert.match(text, /## `markets\.example`\n\nAccess: `public`, anyone/);
  assert.match(text, /\| `pair` \| one of `"BTC_USDT"`, `"ETH_USDT"` \| required \|/);
  assert.match(text, /\| `depth` \| integer \| optional \| 1–500 \|/);
  assert.match(text, /\| `note` \| string \| required \| 1–140 characters \|/);
  assert.match(
    text,
    /\| `tags` \| array of string \| optional \| at most 20 items; each at most 8 characters \|/,
  );
});

test('a method shows its doc comment, and a schema of several shapes shows each', () => {
  const params = z.union([
    z.strictObject({ clear: z.literal(true) }),
    z.strictObject({ title: z.string().max(200) }),
  ]);
  const summaries = new Map([['notices.example', 'Publishes a notice, or clears it.']]);
  const text = page(
    renderApiReference([fakeMethod('notices.example', params, 'staff')], summaries),
    'content.md',
  );
  assert.match(text, /Access: `staff`, staff only[^\n]*\n\nPublishes a notice, or clears it\.\n/);
  assert.match(text, /One of 2 shapes:\n\nShape 1:\n\n[\s\S]*\| `clear` \| `true` \| required \|/);
  assert.match(
    text,
    /Shape 2:\n\n[\s\S]*\| `title` \| string \| required \| at most 200 characters \|/,
  );
});

test('a method of a domain the reference does not know yet gets a page of its own', () => {
  const pages = renderApiReference([fakeMethod('ledger.audit', z.strictObject({}))], new Map());
  assert.match(page(pages, 'ledger.md'), /## `ledger\.audit`[\s\S]*No parameters\./);
  assert.match(
    page(pages, 'index.md'),
    /\| \[`ledger\.audit`\]\(ledger\.md#ledgeraudit\) \| `user` \|/,
  );
});

test("summaries are read from the doc comments of the protocol's method maps", () => {
  const dir = mkdtempSync(join(tmpdir(), 'protocol-'));
  try {
    writeFileSync(
      join(dir, 'p2p.ts'),
      [
        'export interface P2pMethods {',
        '  /**',
        '   * Opens a trade on an offer:',
        '   * the crypto goes into escrow.',
        '   */',
        "  'p2p.openTrade': { params: { offerId: number }; result: object };",
        "  'p2p.undocumented': { params: object; result: object };",
        '  /** `code`: a parameter, not a method. */',
        '  params: { code?: string };',
        '}',
      ].join('\n'),
    );
    const summaries = readMethodSummaries(pathToFileURL(`${dir}/`));
    assert.deepEqual(
      [...summaries],
      [['p2p.openTrade', 'Opens a trade on an offer: the crypto goes into escrow.']],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
