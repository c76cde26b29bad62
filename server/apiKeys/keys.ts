/**
 * API keys in the database: listed for their owner, revoked, and found for a signed request.
 * Nothing is cached: every request reads its key, so a revocation holds from the next request on
 * every server sharing the database.
 */
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { ApiKeyInfo } from '../../core/protocol/index.ts';
import type { KeyCaller } from '../accounts/sessions.ts';
import type { UserRow } from '../accounts/users.ts';
import type { Queryable } from '../storage/db.ts';
import type { ApiKeysTable } from './ApiKeyTables.ts';

/** A key's row as read. */
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** A fresh public key id: `ak_` and 18 random bytes in base64url (24 characters). */
export function newKeyId(): string {
  return `ak_${randomBytes(18).toString('base64url')}`;
}

/** A fresh HMAC secret: 32 random bytes in base64url (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

const KEY_ID = /^ak_[A-Za-z0-9_-]{24}$/;

/** Whether `id` is shaped like a key id (a session token, for one, is not). */
export function isKeyId(id: string): boolean {
  return KEY_ID.test(id);
}

/** A key as its owner sees it. */
export function toKeyInfo(row: ApiKeyRow): ApiKeyInfo {
  return {
    id: row.id,
    label: row.label,
    kind: row.kind,
    scopes: row.scopes,
    ipAllowlist: row.ip_allowlist,
    createdAt: row.created_at.getTime(),
    expiresAt: row.expires_at?.getTime() ?? null,
    lastUsedAt: row.last_used_at?.getTime() ?? null,
    lastUsedIp: row.last_used_ip,
  };
}

/** The account's keys that are not revoked (expired ones included), newest first. */
export async function listKeys(db: Queryable, userId: number): Promise<ApiKeyInfo[]> {
  const rows = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toKeyInfo);
}

/** Revokes one of the account's keys and wipes its secret; false when none was live. */
export async function revokeKey(db: Queryable, userId: number, id: string): Promise<boolean> {
  const revoked = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date(), secret_sealed: null })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return revoked.numUpdatedRows > 0n;
}

/** What a signed request needs of its key. */
export type KeyGrant = Pick<
  ApiKeyRow,
  'id' | 'kind' | 'scopes' | 'ip_allowlist' | 'secret_sealed' | 'public_key' | 'expires_at'
>;

/** A live key and its account holder, as a signed request finds them. */
export interface FoundKey {
  key: KeyGrant;
  user: UserRow;
}

/** The key with this id and its owner, unless it is unknown or revoked. */
export async function findKey(db: Queryable, id: string): Promise<FoundKey | null> {
  if (!isKeyId(id)) return null;
  const row = await db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .selectAll('users')
    .select([
      'api_keys.id as key_id',
      'api_keys.kind as key_kind',
      'api_keys.scopes as key_scopes',
      'api_keys.ip_allowlist as key_ip_allowlist',
      'api_keys.secret_sealed as key_secret_sealed',
      'api_keys.public_key as key_public_key',
      'api_keys.expires_at as key_expires_at',
    ])
    .where('api_keys.id', '=', id)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined) return null;
  const { key_id, key_kind, key_scopes, key_ip_allowlist, key_secret_sealed, ...rest } = row;
  const { key_public_key, key_expires_at, ...user } = rest;
  const key: KeyGrant = {
    id: key_id,
    kind: key_kind,
    scopes: key_scopes,
    ip_allowlist: key_ip_allowlist,
    secret_sealed: key_secret_sealed,
    public_key: key_public_key,
    expires_at: key_expires_at,
  };
  return { key, user };
}

/** The caller a found key makes: its owner, with no session. */
export function keyCaller(found: FoundKey): KeyCaller {
  return { user: found.user, sessionId: null, apiKeyId: found.key.id };
}
