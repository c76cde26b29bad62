/**
 * The signature of a signed request: over the prehash `${timestamp}\n${recvWindow}\n${method}\n`
 * followed by the body's exact bytes. An HMAC key signs with HMAC-SHA256 keyed by its secret's
 * UTF-8 bytes, sent as 64 lower-case hex digits; an Ed25519 key signs with its private key (RFC
 * 8032), sent as the 64-byte signature in padded base64. Compared in constant time.
 */
import { createHmac, timingSafeEqual, verify } from 'node:crypto';
import type { ApiKeyKind } from '../../core/protocol/index.ts';
import { refusal } from '../errors/DomainError.ts';
import { ed25519KeyObject } from './publicKeys.ts';
import type { SignedHeaders } from './signedHeaders.ts';

/** The bytes a request's signature covers. */
export function prehashOf(
  signed: Pick<SignedHeaders, 'timestamp' | 'recvWindow'>,
  method: string,
  body: Uint8Array,
): Buffer {
  const head = `${signed.timestamp}\n${signed.recvWindow}\n${method}\n`;
  return Buffer.concat([Buffer.from(head, 'utf8'), body]);
}

/** What verifies a key's signatures: its HMAC secret or its Ed25519 public key. */
export type SigningMaterial =
  | { kind: Extract<ApiKeyKind, 'hmac'>; secret: string }
  | { kind: Extract<ApiKeyKind, 'ed25519'>; publicKey: string };

const HEX_SIGNATURE = /^[0-9a-f]{64}$/;
const BASE64_SIGNATURE = /^[A-Za-z0-9+/]{86}==$/;

/**
 * Refuses a signature of the wrong shape for the key's kind ('apiKey.signatureFormat') or one
 * that does not match ('apiKey.badSignature').
 */
export function verifySignature(material: SigningMaterial, signature: string, prehash: Buffer) {
  if (material.kind === 'hmac') {
    if (!HEX_SIGNATURE.test(signature)) throw refusal('apiKey.signatureFormat');
    const expected = createHmac('sha256', Buffer.from(material.secret, 'utf8'))
      .update(prehash)
      .digest();
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) {
      throw refusal('apiKey.badSignature');
    }
    return;
  }
  if (!BASE64_SIGNATURE.test(signature)) throw refusal('apiKey.signatureFormat');
  const bytes = Buffer.from(signature, 'base64');
  if (!verify(null, prehash, ed25519KeyObject(material.publicKey), bytes)) {
    throw refusal('apiKey.badSignature');
  }
}
