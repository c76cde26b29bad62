/**
 * Ed25519 public keys as a program sends them (RFC 8410): the raw 32 bytes in base64, or a PEM
 * SubjectPublicKeyInfo ("BEGIN PUBLIC KEY"). Stored as the raw 32 bytes in base64.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo, before the key's 32 bytes (RFC 8410 §10.1). */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const RAW_BASE64 = /^[A-Za-z0-9+/]{43}=$/;

/** The raw key in base64, or null when `text` is no Ed25519 public key. */
export function readEd25519PublicKey(text: string): string | null {
  const trimmed = text.trim();
  if (RAW_BASE64.test(trimmed)) return Buffer.from(trimmed, 'base64').toString('base64');
  if (!trimmed.startsWith('-----BEGIN PUBLIC KEY-----')) return null;
  try {
    const key = createPublicKey({ key: trimmed, format: 'pem' });
    if (key.asymmetricKeyType !== 'ed25519') return null;
    const der = key.export({ type: 'spki', format: 'der' });
    return der.subarray(SPKI_PREFIX.length).toString('base64');
  } catch {
    return null;
  }
}

/** The key object of a stored raw key, for verifying signatures. */
export function ed25519KeyObject(rawBase64: string): KeyObject {
  const der = Buffer.concat([SPKI_PREFIX, Buffer.from(rawBase64, 'base64')]);
  return createPublicKey({ key: der, format: 'der', type: 'spki' });
}
