/**
 * What the codec's callers need without the codec itself: its versions, its key and its errors.
 * Kept apart from codec.ts so the site's first script carries a few hundred bytes, not the
 * cipher and deflate (core/api.ts loads those in their own chunk, off the first render's path).
 */
import { hexToBytes } from '@noble/ciphers/utils.js';

/** The original pipeline: encrypt, then compress the base64 text. */
export const CODEC_SPEC = 1;
/** The compact pipeline: compress, then encrypt. */
export const CODEC_COMPACT = 2;

/** A codec version the server understands. */
export type CodecVersion = typeof CODEC_SPEC | typeof CODEC_COMPACT;

/** The key used when none is configured: fine for development, and public by design anyway. */
export const DEV_CODEC_KEY = '4f1c2a9be07d53a6c8f1e2d3b4a59687c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f';

/** Why a body could not be decoded; the transport turns it into a clear error reply. */
export class CodecError extends Error {
  override name = 'CodecError';
}

/** Turns a 64-hex-digit configured key into AES-256 key bytes. */
export function parseCodecKey(hex: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new CodecError('The codec key must be 64 hex digits.');
  return hexToBytes(hex);
}

/** The version byte of a codec body, or null when the body is not a codec body. */
export function codecVersionOf(body: Uint8Array): CodecVersion | null {
  const first = body[0];
  return first === CODEC_SPEC || first === CODEC_COMPACT ? first : null;
}
