/**
 * Signed requests for tests, made as a trading program makes them (docs/programs.md): the body's
 * exact bytes, the X-API-* headers, and the signature over the prehash, by HMAC-SHA256 with the
 * secret shown at creation or by Ed25519 with the program's own private key.
 */
import { createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CreateApiKeyParams, MethodName, Params } from '../core/protocol/index.ts';
import { type Answer, ok, post } from './serverTesting.ts';

/** What a program holds to sign with: the key's id and its secret or private key. */
export type SigningKey = { id: string; secret: string } | { id: string; privateKey: KeyObject };

/** How one signed request is sent; each part may be bent to test a refusal. */
export interface SignedOptions {
  timestamp?: number;
  /** The X-API-RECV-WINDOW header; absent when undefined (the default 5000 is signed). */
  recvWindow?: number;
  ip?: string;
  /** Headers over (or besides) the signed ones. */
  headers?: Record<string, string>;
  /** Signs this text instead of the body sent. */
  signBody?: string;
}

/** The signature a program sends for a prehash. */
export function signatureOf(key: SigningKey, prehash: Buffer): string {
  if ('secret' in key) {
    return createHmac('sha256', Buffer.from(key.secret, 'utf8')).update(prehash).digest('hex');
  }
  return sign(null, prehash, key.privateKey).toString('base64');
}

/** The headers of a signed request for `body` (the exact text sent). */
export function signedHeaders(
  key: SigningKey,
  method: string,
  body: string,
  options: SignedOptions = {},
): Record<string, string> {
  const timestamp = options.timestamp ?? Date.now();
  const window = options.recvWindow ?? 5000;
  const prehash = Buffer.from(
    `${timestamp}\n${window}\n${method}\n${options.signBody ?? body}`,
    'utf8',
  );
  return {
    'x-api-key': key.id,
    'x-api-timestamp': String(timestamp),
    ...(options.recvWindow === undefined ? {} : { 'x-api-recv-window': String(window) }),
    'x-api-signature': signatureOf(key, prehash),
    ...options.headers,
  };
}

/** POSTs `{method, ...params}` signed with `key`; the raw answer, whatever its status. */
export function signedCall<M extends MethodName>(
  app: FastifyInstance,
  key: SigningKey,
  method: M,
  params: Params<M> | Record<string, unknown>,
  options: SignedOptions = {},
): Promise<Answer> {
  const body = JSON.stringify({ method, ...params });
  const headers = signedHeaders(key, method, body, options);
  return post(app, body, { headers, ...(options.ip === undefined ? {} : { ip: options.ip }) });
}

/** The password signUp gives every test account. */
export const TEST_PASSWORD = 'correct horse battery';

/** Makes an HMAC key for the account with this session: what its program signs with. */
export async function hmacKey(
  app: FastifyInstance,
  token: string,
  terms: Partial<CreateApiKeyParams> = {},
): Promise<SigningKey & { id: string; secret: string }> {
  const made = await ok(
    app,
    'apiKeys.create',
    { label: 'bot', scopes: ['read', 'trade'], kind: 'hmac', password: TEST_PASSWORD, ...terms },
    { token },
  );
  if (made.secret === undefined) throw new Error('An HMAC key came without its secret.');
  return { id: made.key.id, secret: made.secret };
}

/** Makes an Ed25519 key (sending its public key as PEM, or raw base64); the program's side. */
export async function ed25519Key(
  app: FastifyInstance,
  token: string,
  terms: Partial<CreateApiKeyParams> & { raw?: boolean } = {},
): Promise<SigningKey & { privateKey: KeyObject }> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const { raw = false, ...rest } = terms;
  const sent = raw
    ? publicKey.export({ type: 'spki', format: 'der' }).subarray(12).toString('base64')
    : String(publicKey.export({ type: 'spki', format: 'pem' }));
  const made = await ok(
    app,
    'apiKeys.create',
    {
      label: 'ed bot',
      scopes: ['read', 'trade'],
      kind: 'ed25519',
      publicKey: sent,
      password: TEST_PASSWORD,
      ...rest,
    },
    { token },
  );
  return { id: made.key.id, privateKey };
}
