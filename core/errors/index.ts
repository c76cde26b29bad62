/**
 * The one error catalogue: every refusal the server or the browser can give, by a stable code
 * (`domain.name`), with its words and, when it is about one, the parameter it names. The server
 * throws by code and sends the code beside the words; the browser reads the same table, so a
 * client-side check that mirrors a server rule says the same thing.
 */
import { ACCOUNT_ERRORS } from './accounts.ts';
import { ADDRESS_BOOK_ERRORS } from './addressBook.ts';
import { API_KEY_ERRORS, SIGNED_REQUEST_ERRORS } from './apiKeys.ts';
import { BUY_ERRORS } from './buy.ts';
import { CONTENT_ERRORS } from './content.ts';
import { type ArgsOf, type ErrorEntry, type ErrorValue, fill } from './entry.ts';
import { KYC_ERRORS } from './kyc.ts';
import { P2P_ERRORS } from './p2p.ts';
import { REQUEST_ERRORS } from './request.ts';
import { RESERVE_ERRORS } from './reserves.ts';
import { SUPPORT_ERRORS } from './support.ts';
import { SWAP_ERRORS } from './swap.ts';
import { MARKET_ERRORS, ORDER_ERRORS, ORDER_REASON_ERRORS, STREAM_ERRORS } from './trading.ts';
import { TRANSFER_ERRORS } from './transfers.ts';
import { TRANSPORT_ERRORS } from './transportErrors.ts';
import { WALLET_ERRORS } from './wallet.ts';
import { WITHDRAWAL_ERRORS } from './withdrawals.ts';

export type { ErrorEntry, ErrorValue } from './entry.ts';

/** Each domain's table, kept apart so a test can check no code is declared twice. */
export const ERROR_TABLES = [
  TRANSPORT_ERRORS,
  REQUEST_ERRORS,
  ACCOUNT_ERRORS,
  SUPPORT_ERRORS,
  WALLET_ERRORS,
  TRANSFER_ERRORS,
  WITHDRAWAL_ERRORS,
  ADDRESS_BOOK_ERRORS,
  BUY_ERRORS,
  ORDER_ERRORS,
  ORDER_REASON_ERRORS,
  MARKET_ERRORS,
  STREAM_ERRORS,
  SWAP_ERRORS,
  CONTENT_ERRORS,
  KYC_ERRORS,
  P2P_ERRORS,
  SIGNED_REQUEST_ERRORS,
  API_KEY_ERRORS,
  RESERVE_ERRORS,
] as const;

/** Every catalogued refusal by its code. */
export const ERRORS = {
  ...TRANSPORT_ERRORS,
  ...REQUEST_ERRORS,
  ...ACCOUNT_ERRORS,
  ...SUPPORT_ERRORS,
  ...WALLET_ERRORS,
  ...TRANSFER_ERRORS,
  ...WITHDRAWAL_ERRORS,
  ...ADDRESS_BOOK_ERRORS,
  ...BUY_ERRORS,
  ...ORDER_ERRORS,
  ...ORDER_REASON_ERRORS,
  ...MARKET_ERRORS,
  ...STREAM_ERRORS,
  ...SWAP_ERRORS,
  ...CONTENT_ERRORS,
  ...KYC_ERRORS,
  ...P2P_ERRORS,
  ...SIGNED_REQUEST_ERRORS,
  ...API_KEY_ERRORS,
  ...RESERVE_ERRORS,
} as const;

/** A refusal's stable code, e.g. `'account.wrongCredentials'`. */
export type ErrorCode = keyof typeof ERRORS;

/** The values a code's message takes, one per placeholder. */
export type ErrorArgs<C extends ErrorCode> = ArgsOf<(typeof ERRORS)[C]['message']>;

/** The rest of a call naming a code: its arguments when its message has placeholders. */
export type ArgsFor<C extends ErrorCode> = keyof ErrorArgs<C> extends never
  ? []
  : [args: ErrorArgs<C>];

/** One refusal as it travels: its code, its words, and the parameter it names (if any). */
export interface ErrorReport {
  readonly code: ErrorCode;
  readonly message: string;
  readonly param?: string;
}

/** Whether `code` is in the catalogue (for codes read off the wire). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERRORS, code);
}

/** The words of a refusal, its placeholders filled. */
export function errorText<C extends ErrorCode>(code: C, ...args: ArgsFor<C>): string {
  const [values] = args as [Readonly<Record<string, ErrorValue>>?];
  return fill(ERRORS[code].message, values ?? {});
}

/** The parameter a code names, if it names one. */
export function errorParam(code: ErrorCode): string | undefined {
  const entry: ErrorEntry = ERRORS[code];
  return entry.param;
}

/** A refusal by code: its words filled and its parameter named. */
export function refusalOf<C extends ErrorCode>(code: C, ...args: ArgsFor<C>): ErrorReport {
  const param = errorParam(code);
  const message = errorText(code, ...args);
  return param === undefined ? { code, message } : { code, message, param };
}

/** A `status: false` answer for a refusal, as the API sends it. */
export interface FailureReply {
  status: false;
  error_msg: string;
  error_code: ErrorCode;
  param?: string;
}

/** The `status: false` answer for a code. */
export function failureOf<C extends ErrorCode>(code: C, ...args: ArgsFor<C>): FailureReply {
  return replyOf(refusalOf(code, ...args));
}

/** The `status: false` answer carrying a refusal. */
export function replyOf(refusal: ErrorReport): FailureReply {
  const reply: FailureReply = {
    status: false,
    error_msg: refusal.message,
    error_code: refusal.code,
  };
  if (refusal.param !== undefined) reply.param = refusal.param;
  return reply;
}
