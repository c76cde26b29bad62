/**
 * Making an API key: its terms checked (scopes, kind and public key, IP allowlist, expiry), the
 * person confirmed (confirmPerson.ts), then in one transaction, with the account's row locked so
 * two at once cannot pass the count: at most MAX_API_KEYS live keys, the key written and the
 * account mailed. An HMAC key's secret is returned this once and kept only sealed.
 */
import {
  type ApiKeyInfo,
  type CreateApiKeyParams,
  MAX_API_KEYS,
} from '../../core/protocol/index.ts';
import type { UserRow } from '../accounts/users.ts';
import type { Config } from '../config.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Limits } from '../http/limits.ts';
import type { Database, Queryable } from '../storage/db.ts';
import { confirmPerson } from './confirmPerson.ts';
import { readAllowlist } from './ipAllowlist.ts';
import { queueKeyCreatedMail } from './keyMail.ts';
import { sealKeySecret } from './keySecret.ts';
import { newKeyId, newSecret, toKeyInfo } from './keys.ts';
import { ed25519KeyObject, readEd25519PublicKey } from './publicKeys.ts';

/** What making a key needs from the server and the request. */
export interface CreateKeyContext {
  db: Database;
  config: Config;
  limits: Pick<Limits, 'signInAccount' | 'twoFactorAccount'>;
  ip: string;
}

/** A key's terms as checked: what is written, less the secret. */
interface Terms {
  label: string;
  kind: CreateApiKeyParams['kind'];
  scopes: CreateApiKeyParams['scopes'];
  ipAllowlist: string[];
  publicKey: string | null;
  expiresAt: Date | null;
}

/** Makes a key for `user`; its info, and an HMAC key's secret. */
export async function createKey(
  ctx: CreateKeyContext,
  user: UserRow,
  params: CreateApiKeyParams,
): Promise<{ key: ApiKeyInfo; secret?: string }> {
  const terms = checkTerms(params);
  // Before the code is used up; checked again under the lock.
  await refuseWhenFull(ctx.db, user.id, false);
  await confirmPerson(
    { db: ctx.db, key: ctx.config.twoFactorKey, limits: ctx.limits },
    user,
    params,
  );
  const id = newKeyId();
  const secret = terms.kind === 'hmac' ? newSecret() : null;
  const sealed =
    secret === null ? null : sealKeySecret(ctx.config.twoFactorKey, user.id, id, secret);
  const key = await ctx.db.transaction().execute(async (trx) => {
    await refuseWhenFull(trx, user.id, true);
    const row = await trx
      .insertInto('api_keys')
      .values({
        id,
        user_id: user.id,
        label: terms.label,
        kind: terms.kind,
        scopes: JSON.stringify(terms.scopes),
        ip_allowlist: JSON.stringify(terms.ipAllowlist),
        secret_sealed: sealed,
        public_key: terms.publicKey,
        created_ip: ctx.ip,
        expires_at: terms.expiresAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const info = toKeyInfo(row);
    await queueKeyCreatedMail(trx, ctx.config, user, info, ctx.ip);
    return info;
  });
  return secret === null ? { key } : { key, secret };
}

/** The terms, or the refusal of the first that cannot be. */
function checkTerms(params: CreateApiKeyParams, now = Date.now()): Terms {
  const scopes = [...new Set(params.scopes)].sort();
  const ipAllowlist = readAllowlist(params.ipAllowlist ?? []);
  if (scopes.includes('withdraw') && ipAllowlist.length === 0) {
    throw refusal('apiKeys.withdrawNeedsAllowlist');
  }
  if (params.expiresAt !== undefined && params.expiresAt <= now) {
    throw refusal('apiKeys.expiryPast');
  }
  return {
    label: params.label,
    kind: params.kind,
    scopes,
    ipAllowlist,
    publicKey: publicKeyOf(params),
    expiresAt: params.expiresAt === undefined ? null : new Date(params.expiresAt),
  };
}

/** An Ed25519 key's public key as stored; null for HMAC, which takes none. */
function publicKeyOf(params: CreateApiKeyParams): string | null {
  if (params.kind === 'hmac') {
    if (params.publicKey !== undefined) throw refusal('apiKeys.publicKeyNotForHmac');
    return null;
  }
  if (params.publicKey === undefined) throw refusal('apiKeys.publicKeyRequired');
  const raw = readEd25519PublicKey(params.publicKey);
  if (raw === null) throw refusal('apiKeys.publicKeyInvalid');
  try {
    ed25519KeyObject(raw);
  } catch {
    throw refusal('apiKeys.publicKeyInvalid');
  }
  return raw;
}

/** Refuses a new key when the account (its row locked, if asked) holds MAX_API_KEYS live ones. */
async function refuseWhenFull(trx: Queryable, userId: number, lock: boolean): Promise<void> {
  if (lock) {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }
  const { live } = await trx
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('live'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(live) >= MAX_API_KEYS) throw refusal('apiKeys.tooMany', { max: MAX_API_KEYS });
}
