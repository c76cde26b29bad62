/**
 * The words of a refusal read from one domain's table. Widget code loads only the tables it
 * shows (index.ts joins every domain's words), so it fills a message through this instead of
 * `errorText`.
 */
import { type ArgsOf, type ErrorTable, type ErrorValue, fill } from './entry.ts';

/** The arguments `code` of `table` takes: none, or one value per placeholder. */
export type TableArgs<T extends ErrorTable, C extends keyof T> = keyof ArgsOf<
  T[C]['message']
> extends never
  ? []
  : [args: ArgsOf<T[C]['message']>];

/** The words of `code` in `table`, its placeholders filled. */
export function tableText<T extends ErrorTable, C extends keyof T & string>(
  table: T,
  code: C,
  ...args: TableArgs<T, C>
): string {
  const [values] = args as [Readonly<Record<string, ErrorValue>>?];
  return fill(table[code]?.message ?? code, values ?? {});
}
