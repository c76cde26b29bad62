/**
 * Whether a signed request may run, in the order that tells a program most without telling a
 * stranger anything: the headers' shape, the time, the key, the signature; then, to the key's
 * holder only, its expiry, the account's block, the address and the replay; then the method's
 * scope. Each refusal is a catalogued code naming the header at fault.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { MethodName } from '../../core/protocol/index.ts';
import type { KeyCaller } from '../accounts/sessions.ts';
import { refusal } from '../errors/DomainError.ts';
import type { Queryable } from '../storage/db.ts';
import { ipAllowed, plainIp } from './ipAllowlist.ts';
import { type KeyUse, keyUseOf } from './keyScopes.ts';
import { openKeySecret } from './keySecret.ts';
import { type FoundKey, findKey, keyCaller } from './keys.ts';
import { noteRequest } from './replays.ts';
import { readSignedHeaders, type SignedHeaders, timeOffset } from './signedHeaders.ts';
import { prehashOf, type SigningMaterial, verifySignature } from './verifySignature.ts';

/** A signed request as the transport received it. */
export interface SignedRequest {
  headers: IncomingHttpHeaders;
  ip: string;
  /** The body's exact bytes. */
  body: Buffer;
  /** The method named in the body. */
  method: string;
  /** The body's `token`, which a signed request must not send (absent or empty). */
  token: unknown;
}

/** What checking a key needs: the database and the key sealed secrets open with. */
export interface KeyCheckDeps {
  db: Queryable;
  boxKey: string;
}

/** Checks a signed request up to its method; answers its caller, or throws the refusal. */
export async function authenticate(
  deps: KeyCheckDeps,
  request: SignedRequest,
  now = Date.now(),
): Promise<KeyCaller & { key: FoundKey['key'] }> {
  const signed = readSignedHeaders(request.headers);
  if (request.token !== undefined && request.token !== '') throw refusal('apiKey.tokenWithKey');
  const offset = timeOffset(signed, now);
  if (offset !== 0) {
    throw refusal('apiKey.staleTimestamp', { offset, serverTime: now }).with({ serverTime: now });
  }
  const found = await findKey(deps.db, signed.keyId);
  if (found === null) throw refusal('apiKey.unknown');
  const prehash = prehashOf(signed, request.method, request.body);
  verifySignature(materialOf(deps.boxKey, found), signed.signature, prehash);
  await checkHolder(deps.db, found, request, signed, prehash, now);
  return { ...keyCaller(found), key: found.key };
}

/** The refusals only the key's holder (who signed) may hear. */
async function checkHolder(
  db: Queryable,
  found: FoundKey,
  request: SignedRequest,
  signed: SignedHeaders,
  prehash: Buffer,
  now: number,
): Promise<void> {
  const { key, user } = found;
  if (key.expires_at !== null && key.expires_at.getTime() <= now) {
    throw refusal('apiKey.expired', { date: key.expires_at.toISOString() });
  }
  if (user.is_blocked) throw refusal('account.blocked');
  if (!ipAllowed(key.ip_allowlist, request.ip)) {
    throw refusal('apiKey.ipNotAllowed', { ip: plainIp(request.ip) });
  }
  if (!(await noteRequest(db, key.id, prehash, signed))) throw refusal('apiKey.replayed');
}

/** What verifies the key's signatures. */
function materialOf(boxKey: string, { key, user }: FoundKey): SigningMaterial {
  if (key.kind === 'ed25519' && key.public_key !== null) {
    return { kind: 'ed25519', publicKey: key.public_key };
  }
  if (key.kind === 'hmac' && key.secret_sealed !== null) {
    return { kind: 'hmac', secret: openKeySecret(boxKey, user.id, key.id, key.secret_sealed) };
  }
  // The database's CHECK keeps a live key's material in place: a row without is no key.
  throw refusal('apiKey.unknown');
}

/**
 * How the key may use the method: refused when no key may call it, or this key lacks its scope;
 * else the weight it spends.
 */
export function permit(key: Pick<FoundKey['key'], 'scopes'>, method: MethodName): KeyUse {
  const use = keyUseOf(method);
  if (use === null) throw refusal('apiKey.methodNotForKeys', { method });
  if (use.scope !== 'public' && !key.scopes.includes(use.scope)) {
    throw refusal('apiKey.scopeMissing', { scope: use.scope, method });
  }
  return use;
}
