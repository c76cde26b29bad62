/**
 * The database's tables as Kysely sees them: each domain's own table types joined (a file per
 * domain that imports types only, so that the schema, the migrations and the database module
 * depend on no domain logic). The SQL that creates them is in the migrations; keep the two in
 * step. Both drivers return the same JS types (see db.ts): numeric as decimal strings, int8 as
 * numbers, timestamptz as Date, jsonb parsed.
 */
import type { AccountTables } from '../accounts/AccountTables.ts';
import type { ApiKeyTables } from '../apiKeys/ApiKeyTables.ts';
import type { BuyTables } from '../buy/BuyTables.ts';
import type { ContentTables } from '../content/ContentTables.ts';
import type { KycTables } from '../kyc/KycTables.ts';
import type { MetricsTables } from '../live/MetricsTables.ts';
import type { MailTables } from '../mail/MailTables.ts';
import type { P2pTables } from '../p2p/P2pTables.ts';
import type { ReservesTables } from '../reserves/ReservesTables.ts';
import type { SupportTables } from '../support/SupportTables.ts';
import type { SwapTables } from '../swap/SwapsTable.ts';
import type { TradingTables } from '../trading/TradingTables.ts';
import type { AddressBookTables } from '../wallet/addressBook/AddressBookTable.ts';
import type { DevnetTables } from '../wallet/devnet/DevnetTables.ts';
import type { WalletTables } from '../wallet/WalletTables.ts';
import type { WithdrawalTables } from '../wallet/withdrawals/WithdrawalsTable.ts';

/** Every table, as Kysely's database type parameter. */
export interface Schema
  extends AccountTables,
    AddressBookTables,
    ApiKeyTables,
    BuyTables,
    ContentTables,
    DevnetTables,
    KycTables,
    MailTables,
    MetricsTables,
    P2pTables,
    ReservesTables,
    SupportTables,
    SwapTables,
    TradingTables,
    WalletTables,
    WithdrawalTables {}
