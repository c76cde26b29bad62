/**
 * node-postgres copies every row of a result from an empty row (each column null) that it makes
 * when the result's columns arrive, by spreading an object made without a prototype. V8 copies
 * such an object property by property: about 15 µs for the forty columns of a caller's lookup,
 * more than the rest of its result's parsing. The same column names always make the same empty
 * row, so it is made once per list of names and kept; every row is still a copy of its own, and
 * the parsers are chosen per result as node-postgres does.
 */
import pg from 'pg';

/** The parts of node-postgres's Result this replaces (pg/lib/result.js, addFields). */
interface ResultFields {
  fields: pg.FieldDef[];
  _parsers: ((value: string) => unknown)[] | undefined;
  _types: Pick<typeof pg.types, 'getTypeParser'> | undefined;
  _prebuiltEmptyResultObject: Readonly<Record<string, null>> | null;
}

/** The most lists of column names kept: statements' shapes number in the hundreds at most. */
const MAX_KEPT = 1_024;

const emptyRows = new Map<string, Readonly<Record<string, null>>>();

/** node-postgres's own addFields, kept to compare against (resultRows.test.ts). */
export const originalAddFields = (pg.Result.prototype as unknown as Record<string, unknown>)
  .addFields as (this: ResultFields, fields: pg.FieldDef[]) => void;

/** node-postgres's addFields, with the empty row made once per list of column names. */
function addFields(this: ResultFields, fields: pg.FieldDef[]): void {
  this.fields = fields;
  const parsers: ((value: string) => unknown)[] = new Array(fields.length);
  if (fields.length > 0) this._parsers = parsers;
  const types = this._types ?? pg.types;
  // PostgreSQL names cannot hold a NUL, so it separates them unambiguously.
  let key = '';
  for (let at = 0; at < fields.length; at++) {
    const field = fields[at] as pg.FieldDef & { format?: 'text' | 'binary' };
    key += `${field.name}\u0000`;
    parsers[at] = types.getTypeParser(field.dataTypeID, field.format || 'text');
  }
  this._prebuiltEmptyResultObject = emptyRowOf(key, fields);
}

function emptyRowOf(key: string, fields: readonly pg.FieldDef[]) {
  const kept = emptyRows.get(key);
  if (kept !== undefined) return kept;
  // As node-postgres makes it: a column named __proto__ stays a column.
  const row: Record<string, null> = Object.create(null);
  for (const field of fields) row[field.name] = null;
  const empty = { ...row };
  if (emptyRows.size >= MAX_KEPT) emptyRows.clear();
  emptyRows.set(key, empty);
  return empty;
}

(pg.Result.prototype as unknown as Record<string, unknown>).addFields = addFields;
