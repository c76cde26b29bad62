/** The tables of migration 0014_card_purchases (see migration.ts) as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';
import type { Auto } from '../storage/columns.ts';

/** One card purchase; amounts are numeric(38, 18), read back as decimal strings. */
export interface CardPurchasesTable {
  id: Generated<number>;
  user_id: number;
  asset: string;
  /** What the account receives, in the asset. */
  amount: string;
  /** USD per unit, locked when the purchase was created. */
  rate: string;
  /** The provider's fee in USD. */
  fee: string;
  /** What the card is charged in USD, fee included. */
  total: string;
  status: string;
  /** The provider's name (`test`). */
  provider: string;
  /** The provider's payment session, once it has one. */
  session_id: string | null;
  /** Where the card is paid. */
  payment_url: string | null;
  card_brand: string | null;
  card_last4: string | null;
  /** Why the payment was declined. */
  reason: string | null;
  idempotency_key: string;
  /** The entry that paid the purchase out to the account. */
  credit_entry_id: number | null;
  /** The entry that took a refunded purchase back. */
  refund_entry_id: number | null;
  expires_at: Date;
  created_at: Auto<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A payment session of the built-in test provider. */
export interface TestCardSessionsTable {
  id: string;
  /** What the card is charged, in USD. */
  amount: string;
  description: string;
  /** Where the payer's browser goes once the payment is over (a path of the product). */
  return_path: string;
  status: string;
  card_brand: string | null;
  card_last4: string | null;
  expires_at: Date;
  created_at: Auto<Date>;
}

/** The card purchase tables, joined into the database's schema. */
export interface BuyTables {
  card_purchases: CardPurchasesTable;
  test_card_sessions: TestCardSessionsTable;
}
