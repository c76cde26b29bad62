/**
 * The headers of a signed request (core/protocol/apiKeys.ts), read and checked for shape. What
 * they prove is checked later: the key (keys.ts), the signature (verifySignature.ts), the time
 * (`timeOffset`).
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  API_KEY_HEADERS,
  DEFAULT_RECV_WINDOW_MS,
  MAX_CLOCK_AHEAD_MS,
  MAX_RECV_WINDOW_MS,
} from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';

/** A signed request's headers, read. */
export interface SignedHeaders {
  keyId: string;
  /** Milliseconds since 1970, as sent. */
  timestamp: number;
  /** The receive window in milliseconds, as sent or the default. */
  recvWindow: number;
  /** The signature text as sent (its shape depends on the key's kind). */
  signature: string;
}

/** Whether a request is signed: it names a key. */
export function isSignedRequest(headers: IncomingHttpHeaders): boolean {
  return headers[API_KEY_HEADERS.key.toLowerCase()] !== undefined;
}

/** The value of a header sent once, or undefined (a header sent twice counts as malformed). */
function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value.trim() : undefined;
}

const WHOLE_NUMBER = /^\d{1,16}$/;

/** Reads the headers; refuses the first that is missing or malformed, naming it. */
export function readSignedHeaders(headers: IncomingHttpHeaders): SignedHeaders {
  const keyId = single(headers, API_KEY_HEADERS.key) ?? '';
  const timestamp = single(headers, API_KEY_HEADERS.timestamp) ?? '';
  if (!WHOLE_NUMBER.test(timestamp)) throw refusal('apiKey.timestampFormat');
  const window = single(headers, API_KEY_HEADERS.recvWindow);
  const recvWindow = window === undefined ? DEFAULT_RECV_WINDOW_MS : Number(window);
  const windowShaped = window === undefined || /^\d{1,5}$/.test(window);
  if (!windowShaped || recvWindow < 1 || recvWindow > MAX_RECV_WINDOW_MS) {
    throw refusal('apiKey.recvWindowFormat');
  }
  const signature = single(headers, API_KEY_HEADERS.signature) ?? '';
  if (signature === '') throw refusal('apiKey.signatureFormat');
  return { keyId, timestamp: Number(timestamp), recvWindow, signature };
}

/**
 * How far the timestamp is from `now` when outside the window (older than the window, or more
 * than MAX_CLOCK_AHEAD_MS ahead), else 0; positive: ahead of the server.
 */
export function timeOffset(signed: SignedHeaders, now: number): number {
  const offset = signed.timestamp - now;
  return offset > MAX_CLOCK_AHEAD_MS || -offset > signed.recvWindow ? offset : 0;
}
