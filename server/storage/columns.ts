/** Column shapes the domains' table types share. */
import type { ColumnType } from 'kysely';

/** A column the database fills (default or identity) and code never rewrites. */
export type Auto<T> = ColumnType<T, T | undefined, never>;
