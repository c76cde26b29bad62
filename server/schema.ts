/**
 * The database's tables as Kysely sees them. The SQL that creates them is in migrations.ts; keep
 * the two in step. Both drivers return the same JS types (see db.ts): numeric as decimal strings,
 * int8 as numbers, timestamptz as Date, jsonb parsed.
 */
import type { ColumnType, Generated } from 'kysely';

/** A column the database fills (default or identity) and code never rewrites. */
type Auto<T> = ColumnType<T, T | undefined, never>;

/** Account holders, staff included (status_id > 0), spec §3 User and support-client record. */
export interface UsersTable {
  id: Generated<number>;
  /** Trimmed and lower-cased; a CHECK enforces it. */
  email: string;
  login: string;
  /** `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (see passwords.ts). */
  password_hash: string;
  status_id: Generated<number>;
  image: string | null;
  created_at: Auto<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  created_ip: string;
  updated_ip: string;
  /** The host the account signed up on. */
  domain: string;
  referral_code: string;
  referred_by: number | null;
  kyc_status: Generated<number>;
  two_factor: Generated<boolean>;
  is_premium: Generated<boolean>;
  is_verified: Generated<boolean>;
  is_kyc: Generated<boolean>;
  is_wallet_connect: Generated<boolean>;
  is_withdraw: Generated<boolean>;
  is_transfer: Generated<boolean>;
  is_swap: Generated<boolean>;
  is_abuse: Generated<boolean>;
  is_blocked: Generated<boolean>;
  is_mobile: Generated<boolean>;
  country_code: Generated<string>;
  country_name: Generated<string>;
  promocode: Generated<string>;
}

/** Sign-in sessions; only the SHA-256 of a token is stored. */
export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Auto<Date>;
  expires_at: Date;
  revoked_at: Date | null;
  created_ip: string;
}

/** Listed currencies with their USD reference price and a short price history. */
export interface CurrenciesTable {
  id: Generated<number>;
  ticker: string;
  name: string;
  /** Display order: the eight assets as the spec lists them, then USDT. */
  position: number;
  /** Decimal string. */
  price: string;
  /** Recent USD prices, oldest first; the last one equals price. */
  chart: ColumnType<number[], string, string>;
}

/** One balance: a user's holding of a ticker, or a system account such as external deposits. */
export interface LedgerAccountsTable {
  id: Generated<number>;
  user_id: number | null;
  system: string | null;
  ticker: string;
  /** Maintained by a trigger on ledger_entries; decimal string. */
  balance: Auto<string>;
}

/** Immutable postings: `amount` leaves the debit account and arrives in the credit account. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  debit_account_id: number;
  credit_account_id: number;
  amount: string;
  reason: string;
  created_at: Auto<Date>;
}

/** Site-wide settings staff may change at run time (e.g. 'socials', 'live'). */
export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Auto<Date>;
}

/** Page views reported by metrics.addVisitor. */
export interface VisitorsTable {
  id: Generated<number>;
  url: string;
  referer: string;
  ip: string;
  user_id: number | null;
  sub_id: string;
  created_at: Auto<Date>;
}

/** Analytics events reported by metrics.addEvent. */
export interface EventsTable {
  id: Generated<number>;
  event_id: string;
  ip: string;
  user_id: number | null;
  sub_id: string;
  created_at: Auto<Date>;
}

/** Every table, as Kysely's database type parameter. */
export interface Schema {
  users: UsersTable;
  sessions: SessionsTable;
  currencies: CurrenciesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  settings: SettingsTable;
  visitors: VisitorsTable;
  events: EventsTable;
}
