/**
 * The building blocks of every parameter schema, for API methods and socket messages alike, so
 * that a rule about input is stated once and every new method inherits it:
 * - text a person wrote (`words`) refuses what cannot be stored or shown honestly, naming the
 *   field; text that is not anyone's words (a referer, an event id) is cleaned instead (`loose`);
 * - ids are whole numbers inside the database's integer column (`recordId`);
 * - objects refuse keys they do not know (`params`), so a misspelt parameter is reported rather
 *   than silently ignored, and `__proto__` or `constructor` never reach a handler.
 * `describeIssue` turns the first problem into the catalogued refusal the caller gets back.
 */
import { z } from 'zod';
import { type ErrorReport, refusalOf } from '../../core/errors/index.ts';
import { ASSETS, QUOTE, type Ticker } from '../../core/protocol/index.ts';

/** The largest value of a PostgreSQL `integer` column: every id the database hands out. */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * Characters PostgreSQL cannot store in text (NUL) and UTF-16 halves with no partner, which the
 * drivers would silently turn into U+FFFD: stored text must read back as it was sent.
 */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** C0 and C1 control characters and DEL, but tab, line feed and carriage return. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/**
 * Line breaks, and the bidirectional overrides that make a name read differently from what it
 * is (Unicode Technical Report 36, "Bidirectional Text Spoofing"): never in one-line fields.
 */
const ONE_LINE_ONLY = /[\n\r\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** Options of `words`. */
export interface WordsOptions {
  /** Longest accepted text, in UTF-16 units, after trimming. */
  max: number;
  /** Shortest accepted text after trimming; 1 makes the field required. Default 0. */
  min?: number;
  /** Whether line breaks are allowed (a message), or not (a name, a title). Default false. */
  multiline?: boolean;
  /** Whether surrounding white space is dropped. Default true. */
  trim?: boolean;
}

/** The code point of a character, as `U+0000`. */
function codePoint(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Why a text cannot be taken as somebody's words, or null when it can. */
export function unusableCharacter(text: string, multiline: boolean): string | null {
  const unstorable = text.match(new RegExp(UNSTORABLE.source))?.[0];
  if (unstorable !== undefined) {
    return `contains a character that cannot be stored (${codePoint(unstorable)}).`;
  }
  const control =
    text.match(CONTROL)?.[0] ?? (multiline ? undefined : text.match(ONE_LINE_ONLY)?.[0]);
  if (control !== undefined) {
    return `contains an invisible control character (${codePoint(control)}); please remove it.`;
  }
  return null;
}

/** Text a person wrote (a name, a message, a title): refused, naming the field, when unusable. */
export function words(options: WordsOptions) {
  const { max, min = 0, multiline = false, trim = true } = options;
  let schema = z.string();
  if (trim) schema = schema.trim();
  if (min > 0) schema = schema.min(min);
  return schema.max(max).superRefine((text, ctx) => {
    const problem = unusableCharacter(text, multiline);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem, params: { problem } });
  });
}

/** Drops what cannot be stored: for text that is nobody's words, such as a referer or a URL. */
export function storable(text: string): string {
  return text.replace(UNSTORABLE, '');
}

/**
 * A line of text shown to people that nobody typed for us (an uploaded file's name): what cannot
 * be stored, control characters, line breaks and bidirectional overrides are dropped.
 */
export function printable(text: string): string {
  return storable(text).replace(HIDDEN, '');
}

/** What `printable` drops besides what cannot be stored. */
const HIDDEN = new RegExp(`${CONTROL.source}|${ONE_LINE_ONLY.source}`, 'gu');

/** Text kept as a record, not read as anyone's words: cleaned and cut to `max`, never refused. */
export function loose(max: number) {
  // Cut first, then clean: a cut can split a surrogate pair and leave half of it.
  return z.string().transform((text) => storable(text.slice(0, max)));
}

/**
 * A short code in a fixed alphabet (a slug, a client-made message id): refused, naming the field
 * and saying what it must be, e.g. `pattern(/^[a-z]+$/, 'lower-case letters')`.
 */
export function pattern(shape: RegExp, description: string) {
  const problem = `must be ${description}.`;
  return z
    .string()
    .superRefine((text, ctx) => {
      if (!shape.test(text))
        ctx.addIssue({ code: 'custom', message: problem, params: { problem } });
    })
    .describe(description);
}

/** An id of a database row: a whole number from 1 to MAX_RECORD_ID. */
export function recordId() {
  return z.number().int().min(1).max(MAX_RECORD_ID);
}

const TICKERS: readonly string[] = [...ASSETS, QUOTE];

/** A currency the exchange holds (BTC … TRX, USDT), named in the refusal when it is not one. */
export function tickerField() {
  const problem = `must be one of ${TICKERS.join(', ')}.`;
  return z
    .string()
    .superRefine((text, ctx) => {
      if (!TICKERS.includes(text))
        ctx.addIssue({ code: 'custom', message: problem, params: { problem } });
    })
    .describe(`one of ${TICKERS.join(', ')}`) as unknown as z.ZodType<Ticker>;
}

/** A parameter object that refuses keys it does not declare. */
export function params<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.strictObject(shape);
}

/** The outcome of reading input against a schema: its value, or the refusal for the caller. */
export type Reading<T> = { ok: true; value: T } | { ok: false; error: ErrorReport };

/**
 * Reads input against a schema; the error names the field (the input is kept for the wording).
 * Valid input is read without options, zod's fast path (several times faster than with any);
 * only input that fails is read again, keeping its input for the refusal's words.
 */
export function read<T>(schema: z.ZodType<T>, input: unknown): Reading<T> {
  const fast = schema.safeParse(input);
  if (fast.success) return { ok: true, value: fast.data };
  const parsed = schema.safeParse(input, { reportInput: true });
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: describeIssue(parsed.error.issues[0]) };
}

/**
 * The refusal naming the field and what is wrong with it, e.g. 'Email is required.' with
 * `param: 'email'` (no param for a problem with the request as a whole).
 */
export function describeIssue(issue: z.core.$ZodIssue | undefined): ErrorReport {
  if (issue === undefined) return refusalOf('params.invalid');
  const field = issue.path.map(String).join('.');
  const about = (refusal: ErrorReport): ErrorReport =>
    field === '' ? refusal : { ...refusal, param: field };
  return about(
    explain(issue, field === '' ? 'The request' : field.charAt(0).toUpperCase() + field.slice(1)),
  );
}

function explain(issue: z.core.$ZodIssue, label: string): ErrorReport {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? refusalOf('params.required', { label })
        : refusalOf('params.wrongType', { label, kind: kind(issue.expected) });
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? refusalOf('params.required', { label })
          : refusalOf('params.tooShort', { label, minimum: issue.minimum });
      }
      return refusalOf('params.tooSmall', {
        label,
        bound: issue.inclusive === false ? 'more than' : 'at least',
        minimum: issue.minimum,
      });
    case 'too_big':
      if (issue.origin === 'string') {
        return refusalOf('params.tooLong', { label, maximum: issue.maximum });
      }
      return refusalOf('params.tooBig', {
        label,
        bound: issue.inclusive === false ? 'less than' : 'at most',
        maximum: issue.maximum,
      });
    case 'invalid_format':
      return issue.format === 'email'
        ? refusalOf('params.email', { label })
        : refusalOf('params.format', { label });
    case 'unrecognized_keys':
      return unknownKeys(issue.keys);
    case 'invalid_union':
      return describeUnion(issue, label);
    case 'invalid_value':
      return issue.values.length <= 6
        ? refusalOf('params.oneOf', {
            label,
            values: issue.values.map((value) => JSON.stringify(value)).join(', '),
          })
        : refusalOf('params.malformed', { label });
    case 'custom': {
      const problem = (issue.params as { problem?: unknown } | undefined)?.problem;
      return typeof problem === 'string'
        ? refusalOf('params.rule', { label, problem })
        : refusalOf('params.malformed', { label });
    }
    default:
      return refusalOf('params.malformed', { label });
  }
}

function unknownKeys(keys: readonly string[]): ErrorReport {
  const names = keys.slice(0, 3).map((key) => `"${key.slice(0, 40)}"`);
  const more = keys.length > 3 ? ` and ${keys.length - 3} more` : '';
  return keys.length === 1
    ? refusalOf('params.unknownKeys', { parameters: 'parameter', names: names[0] ?? '' })
    : refusalOf('params.unknownKeys', { parameters: 'parameters', names: names.join(', ') + more });
}

function describeUnion(issue: z.core.$ZodIssueInvalidUnion, label: string): ErrorReport {
  if (issue.input === undefined) return refusalOf('params.required', { label });
  // A union of object shapes (one of several parameter sets): the closest one's problem.
  const closest = issue.errors.find(
    (errors) => errors.length > 0 && errors.every((inner) => inner.path.length > 0),
  );
  if (closest !== undefined) return describeIssue(closest[0]);
  const expected = issue.errors
    .flat()
    .flatMap((inner) => (inner.code === 'invalid_type' ? [kind(inner.expected)] : []));
  return expected.length > 0
    ? refusalOf('params.wrongType', { label, kind: [...new Set(expected)].join(' or ') })
    : refusalOf('params.malformed', { label });
}

function kind(expected: string): string {
  switch (expected) {
    case 'int':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    case 'array':
    case 'object':
      return `an ${expected}`;
    default:
      return `a ${expected}`;
  }
}
