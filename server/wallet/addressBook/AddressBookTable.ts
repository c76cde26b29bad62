/** The table of migration 0013_address_book (see migration.ts) as Kysely sees it. */
import type { ColumnType, Generated } from 'kysely';

/** One saved withdrawal address. */
export interface AddressBookTable {
  id: Generated<number>;
  user_id: number;
  network: string;
  address: string;
  tag: number | null;
  label: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  /** When withdrawals to it may start. */
  usable_from: Date;
}

/** The address-book tables, joined into the database's schema. */
export interface AddressBookTables {
  address_book: AddressBookTable;
}
