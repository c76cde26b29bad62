/**
 * The shape of one catalogued refusal. A message names its values as `{name}` placeholders;
 * the types read those names out of the message itself, so a code's arguments cannot drift
 * from its words.
 */

/** One refusal: the words a person reads and, when it is about one, the parameter it names. */
export interface ErrorEntry {
  readonly message: string;
  readonly param?: string;
}

/** A table of refusals keyed by their stable codes (`domain.name`). */
export type ErrorTable = Readonly<Record<string, ErrorEntry>>;

/** A value a placeholder can show. */
export type ErrorValue = string | number | bigint;

/** The placeholder names in a message, e.g. `'min' | 'ticker'` for `'Minimum is {min} {ticker}'`. */
export type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** The arguments a message takes: one value per placeholder. */
export type ArgsOf<S extends string> = { readonly [Name in Placeholders<S>]: ErrorValue };

/** The placeholder syntax, `{name}`. */
export const PLACEHOLDER = /\{(\w+)\}/g;

/** `message` with each placeholder replaced by its argument (a missing one stays visible). */
export function fill(message: string, args: Readonly<Record<string, ErrorValue>>): string {
  return message.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(args, name) ? String(args[name]) : whole,
  );
}
