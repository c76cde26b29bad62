import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { originalAddFields } from './resultRows.ts';

const TEXT_OID = 25;
const INT4_OID = 23;

function field(name: string, dataTypeID = TEXT_OID): pg.FieldDef {
  return {
    name,
    dataTypeID,
    tableID: 0,
    columnID: 0,
    dataTypeSize: -1,
    dataTypeModifier: -1,
    format: 'text',
  };
}

/** The rows a result makes of `values` for `fields`, with node-postgres's own addFields or this one. */
function rowsOf(fields: pg.FieldDef[], values: (string | null)[][], original: boolean) {
  const result = new pg.Result('', pg.types) as unknown as {
    addFields(fields: pg.FieldDef[]): void;
    parseRow(values: (string | null)[]): Record<string, unknown>;
  };
  if (original) originalAddFields.call(result as never, fields);
  else result.addFields(fields);
  return values.map((row) => result.parseRow(row));
}

test('rows are the ones node-postgres makes: many columns, a repeated name, a __proto__ column', () => {
  const fields = [
    ...Array.from({ length: 40 }, (_, at) => field(`column_${at}`, at % 2 ? TEXT_OID : INT4_OID)),
    field('column_3'),
    field('__proto__'),
  ];
  const values = [0, 1, 2].map((row) =>
    fields.map((_, at) => (at === row ? null : String(row * 100 + at))),
  );
  for (let call = 0; call < 3; call++) {
    const mine = rowsOf(fields, values, false);
    assert.deepEqual(mine, rowsOf(fields, values, true));
    assert.deepEqual(
      Object.keys(mine[0] ?? {}),
      Object.keys(rowsOf(fields, values, true)[0] ?? {}),
    );
    assert.equal(Object.getPrototypeOf(mine[0]), Object.prototype);
    assert.equal(Object.hasOwn(mine[0] ?? {}, '__proto__'), true);
  }
});

test('each row is an object of its own: changing one leaves the next result untouched', () => {
  const fields = [field('a'), field('b')];
  const [first] = rowsOf(fields, [['1', '2']], false);
  if (first === undefined) throw new Error('no row');
  first.a = 'changed';
  first.c = 'added';
  assert.deepEqual(rowsOf(fields, [[null, null]], false), [{ a: null, b: null }]);
});

test('no columns: an empty row, as node-postgres gives', () => {
  assert.deepEqual(rowsOf([], [[]], false), rowsOf([], [[]], true));
});
