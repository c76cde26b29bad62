/**
 * What every part of the protocol shares: its version, the API and upload paths, the tickers the
 * exchange holds and the fields every response carries.
 */
import type { ErrorCode, FailureReply } from '../errors/index.ts';
import { requestErrorText } from '../errors/transport.ts';

/** Bumped on any incompatible change of the protocol's shapes. */
export const PROTOCOL_VERSION = 1;

/** The path of the one API endpoint every method is POSTed to. */
export const API_PATH = '/api';

/** The path of the attachment upload endpoint. */
export const UPLOAD_PATH = '/uploadAttachment.php';

/** The trading assets, in the order every list shows them. */
export const ASSETS = ['BTC', 'ETH', 'BNB', 'XRP', 'DOGE', 'SOL', 'LTC', 'TRX'] as const;

/** One of the eight trading assets. */
export type Asset = (typeof ASSETS)[number];

/** The quote currency every asset trades against. */
export const QUOTE = 'USDT';

/** Every ticker the exchange holds: the assets plus the quote currency. */
export type Ticker = Asset | typeof QUOTE;

/** The fields every response carries: status, and success_msg or error_msg; a refusal adds its catalogue code. */
export interface Envelope {
  status: boolean;
  success_msg?: string;
  error_msg?: string;
  /** The refusal's stable code from core/errors (only when `status` is false). */
  error_code?: ErrorCode;
  /** The parameter the refusal is about, when it names one. */
  param?: string;
}

/** What every refusal carries: the words to show, its stable code and the parameter it names. */
export type Failure = FailureReply;

/** The text every unreadable response turns into. */
export const SERVER_ERROR_TEXT = requestErrorText('request.serverError');
