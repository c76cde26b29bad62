/**
 * Refusals about API keys: signed requests (`apiKey.*`, naming the header at fault) and the
 * methods that manage keys (`apiKeys.*`).
 */
import type { ErrorTable } from './entry.ts';

/** What a signed request is refused with, before or instead of running its method. */
export const SIGNED_REQUEST_ERRORS = {
  'apiKey.unknown': {
    message:
      'This API key is unknown or has been revoked. Check X-API-KEY, or create a new key in your account settings.',
    param: 'X-API-KEY',
  },
  'apiKey.expired': {
    message: 'This API key expired on {date}. Create a new key in your account settings.',
    param: 'X-API-KEY',
  },
  'apiKey.badSignature': {
    message:
      'The signature does not match. Sign "timestamp\\nrecvWindow\\nmethod\\nbody" with the key, over the exact body sent.',
    param: 'X-API-SIGNATURE',
  },
  'apiKey.signatureFormat': {
    message:
      'X-API-SIGNATURE must be 64 lower-case hex digits (an HMAC key) or 88 characters of padded base64 (an Ed25519 key).',
    param: 'X-API-SIGNATURE',
  },
  'apiKey.timestampFormat': {
    message: 'X-API-TIMESTAMP must be the time in milliseconds since 1970, as a whole number.',
    param: 'X-API-TIMESTAMP',
  },
  'apiKey.recvWindowFormat': {
    message: 'X-API-RECV-WINDOW must be a whole number of milliseconds from 1 to 60000.',
    param: 'X-API-RECV-WINDOW',
  },
  'apiKey.staleTimestamp': {
    message:
      "The timestamp is {offset} ms off the server's clock ({serverTime}), outside the window. Set your clock by server.getTime, or widen X-API-RECV-WINDOW.",
    param: 'X-API-TIMESTAMP',
  },
  'apiKey.replayed': {
    message:
      'This request was already accepted: a signed request is taken once. Send a new timestamp.',
    param: 'X-API-SIGNATURE',
  },
  'apiKey.scopeMissing': {
    message:
      'This API key lacks the "{scope}" scope that {method} needs. Create a key with that scope.',
    param: 'X-API-KEY',
  },
  'apiKey.ipNotAllowed': {
    message:
      "This API key does not accept requests from {ip}. Add the address to the key's IP allowlist (a new key), or call from an allowed one.",
    param: 'X-API-KEY',
  },
  'apiKey.methodNotForKeys': {
    message: '{method} cannot be called with an API key: sign in on the site to do this.',
  },
  'apiKey.sessionRequired': {
    message: 'This needs a signed-in session: an API key cannot do it. Sign in on the site.',
  },
  'apiKey.tokenWithKey': {
    message:
      'A signed request carries no session token: remove "token" from the body, or drop the X-API-* headers.',
    param: 'token',
  },
  'apiKey.tooMany': {
    message:
      'This API key has spent its {limit} request weight for the minute. Please try again in {wait}.',
  },
} as const satisfies ErrorTable;

/** What the API key methods answer when they refuse. */
export const API_KEY_ERRORS = {
  'apiKeys.tooMany': {
    message: 'An account may hold {max} API keys. Revoke one you no longer use first.',
  },
  'apiKeys.withdrawNeedsAllowlist': {
    message:
      'A key with the "withdraw" scope must have an IP allowlist: add the addresses your program calls from.',
    param: 'ipAllowlist',
  },
  'apiKeys.publicKeyRequired': {
    message:
      'An Ed25519 key needs its public key: the raw 32 bytes in base64, or a PEM "PUBLIC KEY".',
    param: 'publicKey',
  },
  'apiKeys.publicKeyInvalid': {
    message:
      'The public key is not an Ed25519 public key: send the raw 32 bytes in base64, or a PEM "PUBLIC KEY".',
    param: 'publicKey',
  },
  'apiKeys.publicKeyNotForHmac': {
    message:
      'An HMAC key takes no public key: the server makes its secret. Leave publicKey out, or choose the Ed25519 kind.',
    param: 'publicKey',
  },
  'apiKeys.ipInvalid': {
    message: '"{entry}" is not an IPv4 or IPv6 address, or a CIDR range such as 203.0.113.0/24.',
    param: 'ipAllowlist',
  },
  'apiKeys.expiryPast': {
    message: 'The expiry must be in the future (milliseconds since 1970).',
    param: 'expiresAt',
  },
  'apiKeys.wrongPassword': { message: 'Your password is not right.', param: 'password' },
  'apiKeys.notFound': {
    message: 'No API key of yours has this id, or it is already revoked.',
    param: 'id',
  },
} as const satisfies ErrorTable;
