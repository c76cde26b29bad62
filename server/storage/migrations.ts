/**
 * The schema as code: Kysely migrations in an in-code provider, applied at start by openDatabase.
 * One SQL dialect serves PGlite and PostgreSQL. Statements run one at a time because PGlite's
 * extended-protocol queries accept a single command each.
 *
 * The ledger's rules live in the database, not only in app code: entries are immutable, a trigger
 * applies each entry to both balances in the same transaction, and a CHECK refuses a negative
 * balance on any user account, so no code path (or hand-written SQL) can overdraw a user.
 */

import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { knownDevicesMigration } from '../accounts/knownDevicesMigration.ts';
import { twoFactorMigration } from '../accounts/twoFactorMigration.ts';
import { apiKeysMigration } from '../apiKeys/migration.ts';
import { cardPurchasesMigration } from '../buy/migration.ts';
import { contentMigration } from '../content/contentMigration.ts';
import { helpVerificationReferralMigration } from '../content/helpVerificationReferralMigration.ts';
import { rateLimitsMigration } from '../http/rateLimitsMigration.ts';
import { kycMigration } from '../kyc/migration.ts';
import { mailMigration } from '../mail/migration.ts';
import { mailQueuedNotifyMigration } from '../mail/wakeMigration.ts';
import { p2pChatMigration } from '../p2p/chatMigration.ts';
import { p2pChatReadsMigration } from '../p2p/chatReadsMigration.ts';
import { p2pMarginMigration } from '../p2p/marginMigration.ts';
import { p2pOffersMigration } from '../p2p/migration.ts';
import { p2pPaymentDetailsMigration } from '../p2p/paymentDetailsMigration.ts';
import { p2pTradesMigration } from '../p2p/tradesMigration.ts';
import { p2pTradeTimesMigration } from '../p2p/tradeTimesMigration.ts';
import { referralMigration } from '../referral/migration.ts';
import { reservesMigration } from '../reserves/migration.ts';
import { reservesRetentionMigration } from '../reserves/retentionMigration.ts';
import { attachmentBytesMigration } from '../support/attachmentBytesMigration.ts';
import { supportMigration } from '../support/migration.ts';
import { supportPresenceMigration } from '../support/presenceMigration.ts';
import { supportReplyMailMigration } from '../support/replyMailMigration.ts';
import { ticketSessionMigration } from '../support/ticketSessionMigration.ts';
import { visitorMigration } from '../support/visitorMigration.ts';
import { swapsMigration } from '../swap/migration.ts';
import { accountSeqMigration } from '../trading/accountSeqMigration.ts';
import { accountSeqsMigration } from '../trading/accountSeqsMigration.ts';
import { backdatedMigration } from '../trading/backdatedMigration.ts';
import { batchesMigration } from '../trading/batchesMigration.ts';
import { orderFillsMigration } from '../trading/fillsMigration.ts';
import { heartbeatMigration } from '../trading/heartbeatMigration.ts';
import { spotMigration } from '../trading/migration.ts';
import { ownersMigration } from '../trading/ownersMigration.ts';
import { seatsMigration } from '../trading/seatsMigration.ts';
import { serverBeatMigration } from '../trading/serverBeatMigration.ts';
import { addressBookMigration } from '../wallet/addressBook/migration.ts';
import { devnetMigration } from '../wallet/devnet/migration.ts';
import { ledgerBatchMigration } from '../wallet/ledgerBatchMigration.ts';
import { ledgerEntryAccountsMigration } from '../wallet/ledgerEntryAccountsMigration.ts';
import { ledgerGuardMigration } from '../wallet/ledgerGuardMigration.ts';
import { transfersMigration } from '../wallet/transfersMigration.ts';
import { NON_NEGATIVE_BALANCE } from '../wallet/WalletTables.ts';
import { withdrawalMailMigration } from '../wallet/withdrawals/mailConfirmationMigration.ts';
import { withdrawalsMigration } from '../wallet/withdrawals/migration.ts';
import type { Schema } from './schema.ts';

const initial = [
  `create table users (
    id integer generated always as identity primary key,
    email text not null constraint users_email_key unique
      constraint users_email_normalised check (email = lower(btrim(email)) and email <> ''),
    login text not null,
    password_hash text not null,
    status_id integer not null default 0,
    image text,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    created_ip text not null default '',
    updated_ip text not null default '',
    domain text not null default '',
    referral_code text not null constraint users_referral_code_key unique,
    referred_by integer references users (id) on delete set null,
    kyc_status integer not null default 0,
    two_factor boolean not null default false,
    is_premium boolean not null default false,
    is_verified boolean not null default false,
    is_kyc boolean not null default false,
    is_wallet_connect boolean not null default false,
    is_withdraw boolean not null default false,
    is_transfer boolean not null default false,
    is_swap boolean not null default false,
    is_abuse boolean not null default false,
    is_blocked boolean not null default false,
    is_mobile boolean not null default false,
    country_code text not null default '',
    country_name text not null default '',
    promocode text not null default ''
  )`,

  `create table sessions (
    id integer generated always as identity primary key,
    token_hash text not null constraint sessions_token_hash_key unique,
    user_id integer not null references users (id) on delete cascade,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    revoked_at timestamptz,
    created_ip text not null default ''
  )`,
  'create index sessions_user_id on sessions (user_id)',

  `create table currencies (
    id integer generated always as identity primary key,
    ticker text not null constraint currencies_ticker_key unique,
    name text not null,
    position integer not null,
    price numeric(38, 18) not null constraint currencies_price_positive check (price > 0),
    chart jsonb not null default '[]'
  )`,

  `create table ledger_accounts (
    id integer generated always as identity primary key,
    user_id integer references users (id),
    system text,
    ticker text not null references currencies (ticker),
    balance numeric(38, 18) not null default 0,
    constraint ledger_accounts_one_owner check ((user_id is null) <> (system is null)),
    constraint ${NON_NEGATIVE_BALANCE} check (user_id is null or balance >= 0),
    constraint ledger_accounts_user_ticker_key unique (user_id, ticker),
    constraint ledger_accounts_system_ticker_key unique (system, ticker)
  )`,

  // Debit = the account the amount leaves; credit = the account it arrives in.
  `create table ledger_entries (
    id bigint generated always as identity primary key,
    debit_account_id integer not null references ledger_accounts (id),
    credit_account_id integer not null references ledger_accounts (id),
    amount numeric(38, 18) not null constraint ledger_entries_amount_positive check (amount > 0),
    reason text not null constraint ledger_entries_reason_given check (btrim(reason) <> ''),
    created_at timestamptz not null default now(),
    constraint ledger_entries_two_accounts check (debit_account_id <> credit_account_id)
  )`,
  'create index ledger_entries_debit on ledger_entries (debit_account_id)',
  'create index ledger_entries_credit on ledger_entries (credit_account_id)',

  // Applies an entry to both balances. Rows are locked in id order so two opposite postings
  // running at once cannot deadlock. The CHECK above fires on the debit update.
  `create function ledger_apply_entry() returns trigger language plpgsql as $$
  declare
    debit_ticker text;
    credit_ticker text;
  begin
    if new.debit_account_id < new.credit_account_id then
      update ledger_accounts set balance = balance - new.amount
        where id = new.debit_account_id returning ticker into debit_ticker;
      update ledger_accounts set balance = balance + new.amount
        where id = new.credit_account_id returning ticker into credit_ticker;
    else
      update ledger_accounts set balance = balance + new.amount
        where id = new.credit_account_id returning ticker into credit_ticker;
      update ledger_accounts set balance = balance - new.amount
        where id = new.debit_account_id returning ticker into debit_ticker;
    end if;
    if debit_ticker is distinct from credit_ticker then
      raise exception 'A ledger entry must move one currency, not % to %.', debit_ticker, credit_ticker
        using errcode = 'check_violation', constraint = 'ledger_entries_same_ticker';
    end if;
    return null;
  end $$`,
  `create trigger ledger_entries_apply after insert on ledger_entries
    for each row execute function ledger_apply_entry()`,

  `create function ledger_entries_refuse_change() returns trigger language plpgsql as $$
  begin
    raise exception 'Ledger entries are immutable: % is refused. Post a correcting entry instead.', tg_op
      using errcode = 'restrict_violation';
  end $$`,
  `create trigger ledger_entries_immutable before update or delete on ledger_entries
    for each row execute function ledger_entries_refuse_change()`,
  `create trigger ledger_entries_no_truncate before truncate on ledger_entries
    for each statement execute function ledger_entries_refuse_change()`,

  // Balances change only through entries: the apply trigger runs at depth 1, so its updates
  // reach this guard at depth 2; a direct UPDATE arrives at depth 1 and is refused.
  `create function ledger_accounts_guard() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      if new.balance <> 0 then
        raise exception 'A ledger account starts at zero; post an entry to fund it.'
          using errcode = 'restrict_violation';
      end if;
    elsif new.user_id is distinct from old.user_id or new.system is distinct from old.system
        or new.ticker <> old.ticker then
      raise exception 'A ledger account keeps its owner and currency.'
        using errcode = 'restrict_violation';
    elsif new.balance <> old.balance and pg_trigger_depth() < 2 then
      raise exception 'Balances change only through ledger entries.'
        using errcode = 'restrict_violation';
    end if;
    return new;
  end $$`,
  `create trigger ledger_accounts_guard before insert or update on ledger_accounts
    for each row execute function ledger_accounts_guard()`,

  `create table settings (
    key text primary key,
    value jsonb not null,
    updated_at timestamptz not null default now()
  )`,

  `create table visitors (
    id bigint generated always as identity primary key,
    url text not null,
    referer text not null,
    ip text not null,
    user_id integer references users (id) on delete set null,
    sub_id text not null default '',
    created_at timestamptz not null default now()
  )`,
  'create index visitors_created_at on visitors (created_at)',

  `create table events (
    id bigint generated always as identity primary key,
    event_id text not null,
    ip text not null,
    user_id integer references users (id) on delete set null,
    sub_id text not null default '',
    created_at timestamptz not null default now()
  )`,
  'create index events_created_at on events (created_at)',
];

/**
 * Every migration by name; names sort in the order they apply. The numbers 0043, 0046 and 0048 were
 * never used, and never can be: the migrator refuses a name sorting before one already applied.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db) {
      for (const statement of initial) await sql.raw(statement).execute(db);
    },
  },
  '0002_content': contentMigration,
  '0003_support': supportMigration,
  '0004_visitors': visitorMigration,
  '0005_ticket_sessions': ticketSessionMigration,
  '0006_spot': spotMigration,
  '0007_ledger_statement_apply': ledgerBatchMigration,
  '0008_transfers': transfersMigration,
  '0010_two_factor': twoFactorMigration,
  '0009_devnet': devnetMigration,
  '0011_ledger_entry_accounts': ledgerEntryAccountsMigration,
  '0012_withdrawals': withdrawalsMigration,
  '0013_address_book': addressBookMigration,
  '0014_card_purchases': cardPurchasesMigration,
  '0015_swaps': swapsMigration,
  '0016_kyc': kycMigration,
  '0017_referral': referralMigration,
  '0018_help_verification_referral': helpVerificationReferralMigration,
  '0019_mail': mailMigration,
  '0020_withdrawal_mail': withdrawalMailMigration,
  '0021_known_devices': knownDevicesMigration,
  '0022_support_reply_mail': supportReplyMailMigration,
  '0023_p2p_offers': p2pOffersMigration,
  '0024_p2p_trades': p2pTradesMigration,
  '0025_p2p_payment_details': p2pPaymentDetailsMigration,
  '0026_p2p_chat': p2pChatMigration,
  '0027_p2p_trade_times': p2pTradeTimesMigration,
  '0028_p2p_margin': p2pMarginMigration,
  '0029_rate_limits': rateLimitsMigration,
  '0030_support_presence': supportPresenceMigration,
  '0031_market_owners': ownersMigration,
  '0032_market_batches': batchesMigration,
  '0033_market_heartbeat': heartbeatMigration,
  '0034_order_fills': orderFillsMigration,
  '0035_api_keys': apiKeysMigration,
  '0036_account_seq': accountSeqMigration,
  '0037_reserves': reservesMigration,
  '0038_backdated_trades': backdatedMigration,
  '0039_attachment_bytes': attachmentBytesMigration,
  '0040_reserves_retention': reservesRetentionMigration,
  '0041_mail_queued_notify': mailQueuedNotifyMigration,
  '0042_market_servers': seatsMigration,
  '0044_p2p_chat_reads': p2pChatReadsMigration,
  '0045_account_seqs': accountSeqsMigration,
  '0047_ledger_guard_when': ledgerGuardMigration,
  '0049_server_beat': serverBeatMigration,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws with the failing migration's name on error. */
export async function migrate(db: Kysely<Schema>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((result) => result.status === 'Error')?.migrationName;
  // Without a failed migration the database itself was unreachable: report that as it is.
  if (failed === undefined) throw error;
  throw new Error(`Migration ${failed} failed: ${String(error)}`, { cause: error });
}
