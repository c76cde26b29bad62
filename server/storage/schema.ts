/**
 * The database's tables as Kysely sees them: the tables still kept here, joined with each domain's
 * own table types (a file per domain that imports types only, so that the schema, the migrations
 * and the database module depend on no domain logic). The SQL that creates them is in the
 * migrations; keep the two in step. Both drivers return the same JS types (see db.ts): numeric as
 * decimal strings, int8 as numbers, timestamptz as Date, jsonb parsed.
 */
import type { ColumnType, Generated } from 'kysely';
import type { BuyTables } from '../buy/BuyTables.ts';
import type { KycTables } from '../kyc/KycTables.ts';
import type { MailTables } from '../mail/MailTables.ts';
import type { P2pTables } from '../p2p/P2pTables.ts';
import type { SwapTables } from '../swap/SwapsTable.ts';
import type { TradingTables } from '../trading/TradingTables.ts';
import type { AddressBookTables } from '../wallet/addressBook/AddressBookTable.ts';
import type { DevnetTables } from '../wallet/devnet/DevnetTables.ts';
import type { WalletTables } from '../wallet/WalletTables.ts';
import type { WithdrawalTables } from '../wallet/withdrawals/WithdrawalsTable.ts';

/** A column the database fills (default or identity) and code never rewrites. */
type Auto<T> = ColumnType<T, T | undefined, never>;

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

/** The devices an account signed in from (0021_known_devices), by a hash of browser and network. */
export interface KnownDevicesTable {
  id: Generated<number>;
  user_id: number;
  device_key: string;
  first_seen_at: ColumnType<Date, Date | undefined, never>;
  last_seen_at: ColumnType<Date, Date | undefined, Date>;
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

/** Listed currencies with their USD reference price and a short price history. */
export interface CurrenciesTable {
  id: Generated<number>;
  ticker: string;
  name: string;
  /** Display order: the eight assets (BTC, ETH, BNB, XRP, DOGE, SOL, LTC, TRX), then USDT. */
  position: number;
  /** Decimal string. */
  price: string;
  /** Recent USD prices, oldest first; the last one equals price. */
  chart: ColumnType<number[], string, string>;
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

/** Policy and information pages an operator edits, keyed by type. */
export interface ContentPagesTable {
  type: string;
  title: string;
  /** HTML; the site sanitises it before showing it. */
  html: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Help-center entries by section slug, in display order. */
export interface FaqItemsTable {
  id: Generated<number>;
  slug: string;
  section_title: string;
  position: number;
  question: string;
  answer: string;
  video: string | null;
}

/** Site-wide notices; the current one is the newest not cleared. */
export interface NoticesTable {
  id: Generated<number>;
  title: string;
  type_id: number;
  /** HTML; the site sanitises it before showing it. */
  description: string;
  created_at: Auto<Date>;
  created_by: number | null;
  cleared_at: Date | null;
}

/** Live-support dialogs, one per client (see support/migration.ts). */
export interface SupportDialogsTable {
  id: Generated<number>;
  user_id: number;
  is_pinned: Generated<boolean>;
  /** Messages from staff the client has not read. */
  unread_client: Generated<number>;
  /** Messages from the client staff have not read. */
  unread_staff: Generated<number>;
  last_message_at: Date | null;
  created_at: Auto<Date>;
  /** Since when a staff reply waits unread, unless the client has come back since. */
  client_unread_since: Date | null;
  /** When the waiting replies were mailed; null again once the client comes back. */
  reply_mailed_at: Date | null;
}

/** Stored chat attachments; the file lives under the upload folder as storage_name. */
export interface SupportAttachmentsTable {
  id: Generated<number>;
  owner_id: number;
  dialog_id: number | null;
  storage_name: string;
  original_name: string;
  mime: string;
  size: number;
  created_at: Auto<Date>;
  /**
   * 'kyc' for an image uploaded for identity verification (metadata stripped, no dialog); 'p2p'
   * for one uploaded for a P2P trade's chat (no dialog either).
   */
  purpose: Generated<'support' | 'kyc' | 'p2p'>;
  /** The P2P trade whose chat it was sent in (migration 0026_p2p_chat). */
  p2p_trade_id: Generated<number | null>;
}

/** Support messages; (dialog_id, client_id) is unique, so a resend is stored once. */
export interface SupportMessagesTable {
  id: Generated<number>;
  dialog_id: number;
  client_id: string;
  text: string;
  /** True when the client (not staff) sent it. */
  is_out: boolean;
  author_id: number | null;
  attachment_id: number | null;
  video: string | null;
  faq: ColumnType<
    { question: string; answer: string; video: string | null }[],
    string | undefined,
    string
  >;
  links: ColumnType<{ name: string; path: string }[], string | undefined, string>;
  created_at: Auto<Date>;
}

/** Single-use support socket tickets (SHA-256 of the ticket), each bound to its session. */
export interface SupportTicketsTable {
  ticket_hash: string;
  session_id: number;
  expires_at: Date;
}

/** Web Push subscriptions (push.subscribe). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Auto<Date>;
}

/** Secrets the server generates on first start and keeps (VAPID keys, URL signing key). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Auto<Date>;
}

/** Every table, as Kysely's database type parameter. */
export interface Schema
  extends AddressBookTables,
    BuyTables,
    DevnetTables,
    KycTables,
    MailTables,
    P2pTables,
    SwapTables,
    TradingTables,
    WalletTables,
    WithdrawalTables {
  users: UsersTable;
  sessions: SessionsTable;
  known_devices: KnownDevicesTable;
  two_factor_secrets: TwoFactorSecretsTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  currencies: CurrenciesTable;
  settings: SettingsTable;
  visitors: VisitorsTable;
  events: EventsTable;
  content_pages: ContentPagesTable;
  faq_items: FaqItemsTable;
  notices: NoticesTable;
  support_dialogs: SupportDialogsTable;
  support_attachments: SupportAttachmentsTable;
  support_messages: SupportMessagesTable;
  support_tickets: SupportTicketsTable;
  push_subscriptions: PushSubscriptionsTable;
  server_secrets: ServerSecretsTable;
}
