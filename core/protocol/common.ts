/**
 * What every part of the protocol shares: its version, the API and upload paths, the tickers the
 * exchange holds and the fields every response carries.
 */

/** Bumped on any incompatible change of the protocol's shapes. */
export const PROTOCOL_VERSION = 1;

/** The path of the one API endpoint every method is POSTed to (spec §7 Transport). */
export const API_PATH = '/api';

/** The path of the attachment upload endpoint (spec §7 Upload). */
export const UPLOAD_PATH = '/uploadAttachment.php';

/** The trading assets, in the order the spec lists them (§1, §9). */
export const ASSETS = ['BTC', 'ETH', 'BNB', 'XRP', 'DOGE', 'SOL', 'LTC', 'TRX'] as const;

/** One of the eight trading assets. */
export type Asset = (typeof ASSETS)[number];

/** The quote currency every asset trades against. */
export const QUOTE = 'USDT';

/** Every ticker the exchange holds: the assets plus the quote currency. */
export type Ticker = Asset | typeof QUOTE;

/** The fields every response carries (spec §7). */
export interface Envelope {
  status: boolean;
  success_msg?: string;
  error_msg?: string;
}

/** The text every unreadable response turns into (spec §8). */
export const SERVER_ERROR_TEXT = 'Server error, please try again later.';
