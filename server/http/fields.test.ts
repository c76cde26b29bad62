import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { z } from 'zod';
import {
  loose,
  MAX_RECORD_ID,
  params,
  pattern,
  printable,
  read,
  recordId,
  words,
} from './fields.ts';

/** The sentence a caller would get for `input`, or 'ok'. */
function verdict(schema: z.ZodType, input: unknown): string {
  const reading = read(schema, input);
  return reading.ok ? 'ok' : reading.error.message;
}

test('words refuse what cannot be stored, naming the field and the character', () => {
  const schema = params({ name: words({ max: 64 }) });
  assert.equal(
    verdict(schema, { name: 'a\u0000b' }),
    'Name contains a character that cannot be stored (U+0000).',
  );
  assert.equal(
    verdict(schema, { name: 'half \uD800 pair' }),
    'Name contains a character that cannot be stored (U+D800).',
  );
  assert.equal(
    verdict(schema, { name: '\uDC00' }),
    'Name contains a character that cannot be stored (U+DC00).',
  );
  assert.equal(verdict(schema, { name: 'emoji 😀 kept' }), 'ok');
});

test('words refuse control characters; line breaks only where the field is multi-line', () => {
  const line = params({ title: words({ max: 64 }) });
  const text = params({ text: words({ max: 64, multiline: true }) });
  assert.match(verdict(line, { title: 'bell\u0007' }), /^Title contains an invisible control/);
  assert.match(verdict(line, { title: 'a\nb' }), /\(U\+000A\)/);
  assert.match(verdict(line, { title: 'evil\u202Egnp.exe' }), /\(U\+202E\)/);
  assert.match(verdict(text, { text: 'a\u009Fb' }), /\(U\+009F\)/);
  assert.equal(verdict(text, { text: 'line one\nline two\ttabbed\r\n' }), 'ok');
});

test('words trim, then apply their bounds', () => {
  const schema = params({ login: words({ min: 1, max: 5 }) });
  assert.equal(verdict(schema, { login: '   ' }), 'Login is required.');
  assert.equal(verdict(schema, { login: 'abcdef' }), 'Login must be at most 5 characters.');
  assert.deepEqual(schema.parse({ login: '  abc ' }), { login: 'abc' });
  assert.equal(verdict(schema, { login: 5 }), 'Login must be a string.');
});

test('loose text is cut and cleaned, never refused, and never left with half a pair', () => {
  const schema = loose(3);
  assert.equal(schema.parse('a\u0000bcd'), 'ab');
  assert.equal(schema.parse('ab😀'), 'ab', 'a cut through a surrogate pair drops the half');
  assert.equal(schema.parse('\uDFFFok!'), 'ok');
});

test('printable drops control characters, line breaks and bidirectional overrides', () => {
  assert.equal(printable('re\u202Eport\u0000\n.png'), 'report.png');
});

test('record ids are whole numbers inside the integer column', () => {
  const schema = params({ userId: recordId() });
  assert.equal(verdict(schema, { userId: MAX_RECORD_ID }), 'ok');
  assert.equal(
    verdict(schema, { userId: MAX_RECORD_ID + 1 }),
    'UserId must be at most 2147483647.',
  );
  assert.equal(verdict(schema, { userId: 0 }), 'UserId must be at least 1.');
  assert.equal(verdict(schema, { userId: 1.5 }), 'UserId must be a whole number.');
  assert.equal(verdict(schema, { userId: '7' }), 'UserId must be a number.');
  assert.equal(verdict(schema, { userId: 1e308 * 10 }), 'UserId must be a number.');
});

test('unknown keys, prototype keys included, are named', () => {
  const schema = params({ a: words({ max: 5 }) });
  assert.equal(verdict(schema, { a: 'x', limt: 1 }), 'Unknown parameter "limt".');
  const polluted = JSON.parse('{"a":"x","__proto__":{"admin":true},"constructor":1}');
  assert.equal(verdict(schema, polluted), 'Unknown parameters "__proto__", "constructor".');
  assert.equal(({} as { admin?: boolean }).admin, undefined);
});

test('patterns say what the field must be', () => {
  const schema = params({ slug: pattern(/^[a-z]{1,8}$/, 'lower-case letters') });
  assert.equal(verdict(schema, { slug: 'A\u0000' }), 'Slug must be lower-case letters.');
  assert.equal(verdict(schema, {}), 'Slug is required.');
});
