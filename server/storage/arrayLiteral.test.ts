import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'kysely';
import { forEachDatabase } from '../../test/databases.ts';
import { arrayLiteral, boundValues } from './arrayLiteral.ts';

/** Strings an array literal must carry whole: quotes, backslashes, separators, NULL as text. */
const AWKWARD = ['a"b', 'back\\slash', '', 'NULL', 'null', ' padded ', '{,}', 'é ü', '\\"'];

test('an array literal quotes strings, escapes only quotes and backslashes, leaves numbers bare', () => {
  assert.equal(
    arrayLiteral([1, -2.5, null, undefined, true, 'a"b', 'c\\d', '', 10n]),
    '{1,-2.5,NULL,NULL,true,"a\\"b","c\\\\d","",10}',
  );
  assert.equal(arrayLiteral([]), '{}');
  assert.equal(
    arrayLiteral([
      [1, 2],
      [3, null],
    ]),
    '{{1,2},{3,NULL}}',
  );
});

test('only array values are rewritten; the others go to the driver as they were', () => {
  const when = new Date();
  const bytes = Buffer.from('ab');
  const [array, text, date, buffer, none] = boundValues([[1, 'x'], 'y', when, bytes, null]);
  assert.equal(array, '{1,"x"}');
  assert.equal(text, 'y');
  assert.equal(date, when);
  assert.equal(buffer, bytes);
  assert.equal(none, null);
});

forEachDatabase((open) => {
  test('arrays bound to a statement reach the database element for element', async () => {
    const db = await open();
    const at = [new Date('2026-01-02T03:04:05.678Z'), new Date('2026-01-02T03:04:05.678Z'), null];
    const { rows } = await sql<{
      texts: (string | null)[];
      ids: number[];
      fees: string[];
      flags: boolean[];
      times: (Date | null)[];
      grid: number[][];
    }>`select ${[...AWKWARD, null]}::text[] as texts, ${[1, -2, 9_007_199_254_740_991]}::bigint[] as ids,
        ${['0.00012', '-1.5', '0']}::numeric[]::text[] as fees, ${[true, false]}::boolean[] as flags,
        ${at}::timestamptz[] as times, ${[[1, 2], [3, 4]]}::int[][] as grid`.execute(db);
    const [row] = rows;
    assert.ok(row);
    assert.deepEqual(row.texts, [...AWKWARD, null]);
    assert.deepEqual(row.ids.map(Number), [1, -2, 9_007_199_254_740_991]);
    assert.deepEqual(row.fees, ['0.00012', '-1.5', '0']);
    assert.deepEqual(row.flags, [true, false]);
    assert.deepEqual(
      row.times.map((time) => (time === null ? null : new Date(time).getTime())),
      at.map((time) => time?.getTime() ?? null),
    );
    assert.deepEqual(row.grid, [
      [1, 2],
      [3, 4],
    ]);
  });
});
