/**
 * A method's parameters as the API reference lists them, read from its zod schema through the
 * schema's JSON Schema (the input side: what a caller sends): each parameter's name, type,
 * whether it is required, and the limits the schema checks. Rules a schema checks in code of its
 * own (a pair symbol, a decimal string) appear through the description the field gives itself.
 */
import { z } from 'zod';

/** The part of a JSON Schema the reference reads. */
interface JsonSchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** One parameter as the reference shows it. */
export interface ParamRow {
  name: string;
  type: string;
  required: boolean;
  /** The limits and rules the schema checks, in words ('' when none). */
  rules: string;
}

/** The parameters of a method; several lists when the schema takes one of several shapes. */
export function paramForms(schema: z.ZodType): ParamRow[][] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return (json.anyOf ?? [json]).map(rowsOf);
}

/** The rows of one object shape, in the order the schema declares them. */
function rowsOf(shape: JsonSchema): ParamRow[] {
  const required = new Set(shape.required ?? []);
  return Object.entries(shape.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.has(name),
    rules: rulesOf(property).join('; '),
  }));
}

/** The type in a few words: `integer`, `string`, one of a few values, an array of something. */
function typeOf(property: JsonSchema): string {
  if (property.const !== undefined) return code(property.const);
  if (property.enum !== undefined) return `one of ${property.enum.map(code).join(', ')}`;
  if (property.anyOf !== undefined) {
    const values = property.anyOf.map((option) => option.const);
    if (values.every((value) => value !== undefined))
      return `one of ${values.map(code).join(', ')}`;
    return property.anyOf.map(typeOf).join(' or ');
  }
  if (property.type === 'array') {
    return property.items === undefined ? 'array' : `array of ${typeOf(property.items)}`;
  }
  if (Array.isArray(property.type)) return property.type.join(' or ');
  return property.type ?? 'any';
}

/** What the schema checks beyond the type, in words. */
function rulesOf(property: JsonSchema): string[] {
  const rules: string[] = [];
  if (property.description !== undefined) rules.push(property.description);
  const characters = range(property.minLength, property.maxLength);
  if (characters !== null) rules.push(`${characters} characters`);
  const values = bounds(property);
  if (values !== null) rules.push(values);
  const items = range(property.minItems, property.maxItems);
  if (items !== null) rules.push(`${items} items`);
  if (property.format !== undefined) rules.push(`format: ${property.format}`);
  else if (property.pattern !== undefined) rules.push(`matches \`${property.pattern}\``);
  if (property.default !== undefined) rules.push(`default ${code(property.default)}`);
  if (property.items !== undefined) rules.push(...rulesOf(property.items).map((r) => `each ${r}`));
  return rules;
}

/** A bound as text: `1–500`, `at least 1`, `at most 64`, or null when there is none. */
function range(low: number | undefined, high: number | undefined): string | null {
  if (low !== undefined && high !== undefined) return `${number(low)}–${number(high)}`;
  if (low !== undefined) return `at least ${number(low)}`;
  if (high !== undefined) return `at most ${number(high)}`;
  return null;
}

/** A number's bounds as text, inclusive (`1–500`) or not (`more than 0`), or null. */
function bounds(property: JsonSchema): string | null {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = property;
  if (exclusiveMinimum === undefined && exclusiveMaximum === undefined) {
    return range(minimum, maximum);
  }
  const parts = [
    exclusiveMinimum === undefined
      ? range(minimum, undefined)
      : `more than ${number(exclusiveMinimum)}`,
    exclusiveMaximum === undefined
      ? range(undefined, maximum)
      : `less than ${number(exclusiveMaximum)}`,
  ];
  return parts.filter((part) => part !== null).join(', ');
}

/** A number with thousands separators, as the rest of the documentation writes them. */
function number(value: number): string {
  return Number.isSafeInteger(value) ? value.toLocaleString('en-US') : String(value);
}

/** A value as inline code. */
function code(value: unknown): string {
  return `\`${JSON.stringify(value)}\``;
}
