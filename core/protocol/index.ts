/**
 * The wire protocol shared by the site, the widgets and the server, joined from one file per
 * domain: every shape re-exported, and the method map (each method's parameters and result,
 * keyed by wire name) built from each domain's methods. Domain files import each other, never
 * this file, so the protocol has no import circle. Nothing else re-declares these shapes.
 */

export * from './accounts.ts';
export * from './addressBook.ts';
export * from './apiKeys.ts';
export * from './buy.ts';
export * from './common.ts';
export * from './content.ts';
export * from './deposits.ts';
export * from './kyc.ts';
export * from './live.ts';
export * from './marketStreams.ts';
export * from './markets.ts';
export * from './p2p.ts';
export * from './referral.ts';
export * from './reserves.ts';
export * from './support.ts';
export * from './swap.ts';
export * from './users.ts';
export * from './wallet.ts';
export * from './withdrawals.ts';

import type { AccountMethods } from './accounts.ts';
import type { AddressBookMethods } from './addressBook.ts';
import type { ApiKeyMethods } from './apiKeys.ts';
import type { BuyMethods } from './buy.ts';
import type { Failure } from './common.ts';
import type { ContentMethods } from './content.ts';
import type { DepositMethods } from './deposits.ts';
import type { KycMethods } from './kyc.ts';
import type { LiveMethods } from './live.ts';
import type { MarketMethods } from './markets.ts';
import type { P2pMethods } from './p2p.ts';
import type { ReferralMethods } from './referral.ts';
import type { ReserveMethods } from './reserves.ts';
import type { SupportMethods } from './support.ts';
import type { SwapMethods } from './swap.ts';
import type { UserMethods } from './users.ts';
import type { WalletMethods } from './wallet.ts';
import type { WithdrawalMethods } from './withdrawals.ts';

/** The parameters and result of every API method, keyed by wire name. */
export interface Methods
  extends AccountMethods,
    AddressBookMethods,
    ApiKeyMethods,
    BuyMethods,
    ContentMethods,
    DepositMethods,
    KycMethods,
    LiveMethods,
    MarketMethods,
    P2pMethods,
    ReferralMethods,
    ReserveMethods,
    SupportMethods,
    SwapMethods,
    UserMethods,
    WalletMethods,
    WithdrawalMethods {}

/** A method's wire name. */
export type MethodName = keyof Methods;

/** The parameters a method takes. */
export type Params<M extends MethodName> = Methods[M]['params'];

/** The fields a method returns on success. */
export type Result<M extends MethodName> = Methods[M]['result'];

/** The fields a method's refusal may carry besides its message (most have none). */
export type Refusal<M extends MethodName> = Methods[M] extends { refusal: infer R }
  ? Partial<R>
  : unknown;

/**
 * What a method answers: its result with `status: true`, or `status: false` with an error message
 * (and whichever result fields still make sense, such as `config` for a signed-out visitor).
 */
export type Reply<M extends MethodName> =
  | ({ status: true; success_msg?: string } & Result<M>)
  | (Failure & Partial<Result<M>> & Refusal<M>);

/** The body of every API request: the method, the stored token and subId, then its params. */
export type RequestBody<M extends MethodName = MethodName> = {
  method: M;
  token: string;
  subId: string;
} & Params<M>;
