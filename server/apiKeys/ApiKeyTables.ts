/** The API key tables (migration 0035_api_keys) as Kysely sees them. */
import type { ColumnType } from 'kysely';
import type { ApiKeyKind, ApiKeyScope } from '../../core/protocol/index.ts';
import type { Auto } from '../storage/columns.ts';

/** One API key; its secret or public key is what signs (see migration.ts). */
export interface ApiKeysTable {
  /** Public: `ak_` and 24 base64url characters. */
  id: string;
  user_id: number;
  label: string;
  kind: ApiKeyKind;
  /** A JSON array of scopes, written as its JSON text. */
  scopes: ColumnType<ApiKeyScope[], string, never>;
  /** A JSON array of addresses and CIDR ranges; empty: from anywhere. */
  ip_allowlist: ColumnType<string[], string, never>;
  /** An HMAC key's secret, sealed (keySecret.ts); null for Ed25519 and once revoked. */
  secret_sealed: string | null;
  /** An Ed25519 key's raw 32-byte public key in base64; null for HMAC. */
  public_key: string | null;
  created_at: Auto<Date>;
  created_ip: string;
  expires_at: Date | null;
  revoked_at: ColumnType<Date | null, undefined, Date>;
  last_used_at: ColumnType<Date | null, undefined, Date>;
  last_used_ip: ColumnType<string | null, undefined, string>;
}

/** A signed request accepted, by the hash of its key and signed text, until its window ends. */
export interface ApiKeyRequestsTable {
  request_hash: string;
  expires_at: Date;
}

/** The API key tables. */
export interface ApiKeyTables {
  api_keys: ApiKeysTable;
  api_key_requests: ApiKeyRequestsTable;
}
