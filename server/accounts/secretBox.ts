/**
 * Encryption at rest for two-factor secrets: AES-256-GCM with the server's two-factor key, a fresh
 * 96-bit nonce per secret (NIST SP 800-38D) and the account id as associated data, so a copy of
 * the database alone gives no secret away and a sealed secret moved to another account's row no
 * longer opens.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** Encrypts `secret` for the account `userId`; the result is `v1.<nonce>.<ciphertext>.<tag>`. */
export function sealSecret(keyHex: string, userId: number, secret: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), nonce);
  cipher.setAAD(associatedData(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, nonce, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Decrypts what sealSecret made for the same account; throws when it was altered or moved. */
export function openSecret(keyHex: string, userId: number, sealed: string): string {
  const [version, nonce, text, tag, ...rest] = sealed.split('.');
  if (version !== VERSION || nonce === undefined || text === undefined || tag === undefined) {
    throw new Error('Not a sealed two-factor secret.');
  }
  if (rest.length > 0) throw new Error('Not a sealed two-factor secret.');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(keyHex, 'hex'),
    Buffer.from(nonce, 'base64url'),
    { authTagLength: TAG_BYTES },
  );
  decipher.setAAD(associatedData(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(text, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

function associatedData(userId: number): Buffer {
  return Buffer.from(`two-factor:${userId}`, 'utf8');
}
