/** The account tables (sign-in, sessions, devices, two-factor) as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';
import type { Auto } from '../storage/columns.ts';

/**
 * Account holders, staff included (status_id > 0), and
 * support-chat visitors (is_visitor): no password, a synthetic email, never staff.
 */
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
  /** A support-chat visitor without an account (support.startVisitor); they cannot sign in. */
  is_visitor: Generated<boolean>;
  /** The email a visitor gave to be reached at (up to 254 characters), if any. */
  contact_email: string | null;
  /** When two-factor was last turned off: withdrawals pause for a while after it. */
  two_factor_off_at: Date | null;
  /** When the password was last changed: withdrawals pause for a while after it. */
  password_changed_at: Date | null;
  /** When the account followed the link mailed to its address; null until then. */
  email_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Withdrawals go only to saved addresses that have waited (see wallet/addressBook). */
  address_book_only: Generated<boolean>;
  /** When withdrawing only to saved addresses was last turned off: withdrawals pause after it. */
  address_book_off_at: Date | null;
  /** Staff replies left unread are mailed (0022_support_reply_mail); the profile turns it off. */
  mail_support_replies: Generated<boolean>;
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

/** The devices an account signed in from (0021_known_devices), by a hash of browser and network. */
export interface KnownDevicesTable {
  id: Generated<number>;
  user_id: number;
  device_key: string;
  first_seen_at: ColumnType<Date, Date | undefined, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
}

/** An account's TOTP secret (see accounts/twoFactorMigration.ts); enabled once confirmed. */
export interface TwoFactorSecretsTable {
  user_id: number;
  /** Encrypted with the server's two-factor key (accounts/secretBox.ts). */
  secret: string;
  /** When this secret was made: a new set-up replaces a waiting one. */
  created_at: ColumnType<Date, Date | undefined, Date>;
  enabled_at: Date | null;
  /** The newest TOTP time step accepted; older and equal steps are refused. */
  last_step: ColumnType<number, number | undefined, number>;
}

/** One-time recovery codes, stored only as keyed hashes. */
export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Date | null;
}

/** The account tables, joined into the database's schema. */
export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  known_devices: KnownDevicesTable;
  two_factor_secrets: TwoFactorSecretsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
}
