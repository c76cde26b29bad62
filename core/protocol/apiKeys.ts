/**
 * API keys for trading programs, and the signed requests made with them. A key belongs to an
 * account holder and calls `POST /api` as them, within its scopes; it is managed only from a
 * signed-in session (the account's settings), never with a key. Joined into the method table by
 * index.ts.
 */

/** What a key may do: read the account, trade, move money out of it. */
export const API_KEY_SCOPES = ['read', 'trade', 'withdraw'] as const;

/** One scope of a key. */
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * How a key signs: HMAC-SHA256 with a secret the server made (shown once), or Ed25519 with a
 * private key the program made and keeps (the server holds only the public key).
 */
export const API_KEY_KINDS = ['hmac', 'ed25519'] as const;

/** One kind of key. */
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

/** The headers of a signed request (HTTP header names are case-insensitive). */
export const API_KEY_HEADERS = {
  key: 'X-API-KEY',
  timestamp: 'X-API-TIMESTAMP',
  recvWindow: 'X-API-RECV-WINDOW',
  signature: 'X-API-SIGNATURE',
} as const;

/** The receive window when X-API-RECV-WINDOW is absent, in milliseconds. */
export const DEFAULT_RECV_WINDOW_MS = 5000;

/** The widest receive window a request may ask for, in milliseconds. */
export const MAX_RECV_WINDOW_MS = 60_000;

/** How far ahead of the server's clock a timestamp may be, in milliseconds. */
export const MAX_CLOCK_AHEAD_MS = 1000;

/** The most keys an account may hold at once (revoked ones do not count). */
export const MAX_API_KEYS = 20;

/** The most entries a key's IP allowlist may have. */
export const MAX_ALLOWLIST_ENTRIES = 20;

/** One API key as its owner sees it: never its secret. Times are milliseconds since 1970. */
export interface ApiKeyInfo {
  /** The key's public id, sent in X-API-KEY: `ak_` and 24 base64url characters. */
  id: string;
  label: string;
  kind: ApiKeyKind;
  scopes: ApiKeyScope[];
  /** Addresses and CIDR ranges the key is accepted from; empty: from anywhere. */
  ipAllowlist: string[];
  createdAt: number;
  /** When the key stops working; null: never. */
  expiresAt: number | null;
  /** The last signed request it made, as recorded (at most every 10 s per server); null: unused. */
  lastUsedAt: number | null;
  lastUsedIp: string | null;
}

/** What apiKeys.create takes. */
export interface CreateApiKeyParams {
  /** 1 to 64 printable characters, for the owner to tell keys apart. */
  label: string;
  scopes: ApiKeyScope[];
  kind: ApiKeyKind;
  /** Ed25519 keys only: the raw 32-byte public key in base64, or a PEM SPKI public key. */
  publicKey?: string;
  /** IPv4/IPv6 addresses or CIDR ranges; required (non-empty) with the `withdraw` scope. */
  ipAllowlist?: string[];
  /** When the key stops working, in milliseconds since 1970; in the future. */
  expiresAt?: number;
  /** The account's password, asked again. */
  password: string;
  /** A code from the authenticator app (or a recovery code) when two-factor is on. */
  twoFactorCode?: string;
}

/** The API key methods, and the server's clock for programs, keyed by wire name. */
export interface ApiKeyMethods {
  /**
   * Creates an API key after the password (and the two-factor code, when on) and mails the
   * account; an HMAC key's secret is in this answer only, never again.
   */
  'apiKeys.create': {
    params: CreateApiKeyParams;
    result: { key: ApiKeyInfo; secret?: string };
  };
  /** The account's API keys (not the revoked ones), newest first, with their last use. */
  'apiKeys.getItems': { params: Record<string, never>; result: { items: ApiKeyInfo[] } };
  /** Revokes a key: its next request is refused on every server. */
  'apiKeys.revoke': { params: { id: string }; result: Record<string, never> };
  /** The server's clock in milliseconds since 1970, for a program to set its timestamps by. */
  'server.getTime': { params: Record<string, never>; result: { time: number } };
}
