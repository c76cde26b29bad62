/**
 * Encryption at rest for two-factor secrets (and API key secrets): AES-256-GCM with the server's
 * two-factor key, a fresh 96-bit nonce per secret (NIST SP 800-38D) and the secret's purpose and
 * account id as associated data, so a copy of the database alone gives no secret away, a sealed
 * secret moved to another account's row no longer opens, and one sealed for one purpose (a
 * two-factor secret) never opens as another (an API key's).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** What a secret is sealed for: two-factor, or one API key (by its id). */
export type SecretPurpose = 'two-factor' | `api-key:${string}`;

/** Encrypts `secret` for the account `userId`; the result is `v1.<nonce>.<ciphertext>.<tag>`. */
export function sealSecret(
  keyHex: string,
  userId: number,
  secret: string,
  purpose: SecretPurpose = 'two-factor',
): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), nonce);
  cipher.setAAD(associatedData(userId, purpose));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, nonce, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Decrypts what sealSecret made for the same account and purpose; throws when altered or moved. */
export function openSecret(
  keyHex: string,
  userId: number,
  sealed: string,
  purpose: SecretPurpose = 'two-factor',
): string {
  const [version, nonce, text, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || nonce === undefined || text === undefined || tag === undefined) {
    throw new Error('Not a sealed secret.');
  }
  if (rest.length > 0) throw new Error('Not a sealed secret.');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(keyHex, 'hex'),
    Buffer.from(nonce, 'base64url'),
    { authTagLength: TAG_BYTES },
  );
  decipher.setAAD(associatedData(userId, purpose));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(text, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

function associatedData(userId: number, purpose: SecretPurpose): Buffer {
  return Buffer.from(`${purpose}:${userId}`, 'utf8');
}
