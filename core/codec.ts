/**
 * The request codec used off localhost: JSON wrapped in AES-256-CBC with a random IV and deflate.
 *
 * This is obfuscation, not security: the key ships to every browser that loads the site, so
 * anyone can read and forge bodies. Confidentiality comes from TLS and authority from the
 * server's checks. The codec only keeps casual eyes off the network tab.
 *
 * Two pipelines, told apart by the first byte of the body:
 * - version 1, the original order: JSON -> encrypt -> base64(IV + ciphertext) -> deflate.
 *   Ciphertext does not compress, so this is larger than the JSON it carries.
 * - version 2, compact (the default): JSON -> deflate -> encrypt -> IV + ciphertext.
 */
import { cbc } from '@noble/ciphers/aes.js';
import { randomBytes } from '@noble/ciphers/utils.js';
import { deflateSync, Inflate } from 'fflate';
import { CODEC_COMPACT, CodecError, type CodecVersion, codecVersionOf } from './codecFormat.ts';

export {
  CODEC_COMPACT,
  CODEC_SPEC,
  CodecError,
  type CodecVersion,
  codecVersionOf,
  DEV_CODEC_KEY,
  parseCodecKey,
} from './codecFormat.ts';

/** Largest JSON text a body may inflate to, so a small body cannot expand without bound. */
export const MAX_DECODED_BYTES = 4 * 1024 * 1024;

const IV_BYTES = 16;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Encodes a value as a codec body of the given version. */
export function encode(
  value: unknown,
  key: Uint8Array,
  version: CodecVersion = CODEC_COMPACT,
): Uint8Array {
  const json = encoder.encode(JSON.stringify(value));
  if (version === CODEC_COMPACT) return withVersion(version, encrypt(deflateSync(json), key));
  const text = toBase64(encrypt(json, key));
  return withVersion(version, deflateSync(encoder.encode(text)));
}

/** Decodes a codec body of either version; throws CodecError on anything malformed. */
export function decode(body: Uint8Array, key: Uint8Array): unknown {
  const version = codecVersionOf(body);
  if (version === null) throw new CodecError('Unknown codec version.');
  const payload = body.subarray(1);
  try {
    const json =
      version === CODEC_COMPACT
        ? inflateCapped(decrypt(payload, key))
        : decrypt(fromBase64(decoder.decode(inflateCapped(payload))), key);
    return JSON.parse(decoder.decode(json));
  } catch (error) {
    if (error instanceof CodecError) throw error;
    throw new CodecError('The request body could not be decoded.');
  }
}

function withVersion(version: CodecVersion, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(payload.length + 1);
  out[0] = version;
  out.set(payload, 1);
  return out;
}

function encrypt(plain: Uint8Array, key: Uint8Array): Uint8Array {
  const iv = randomBytes(IV_BYTES);
  const cipher = cbc(key, iv).encrypt(plain);
  const out = new Uint8Array(IV_BYTES + cipher.length);
  out.set(iv);
  out.set(cipher, IV_BYTES);
  return out;
}

function decrypt(data: Uint8Array, key: Uint8Array): Uint8Array {
  if (data.length < IV_BYTES * 2 || data.length % IV_BYTES !== 0) {
    throw new CodecError('The request body is not a whole number of cipher blocks.');
  }
  return cbc(key, data.subarray(0, IV_BYTES)).decrypt(data.subarray(IV_BYTES));
}

/** Input bytes inflated at a time: at most about 1 MB of output each, past the cap. */
const INFLATE_SLICE_BYTES = 1024;

/** Inflates, refusing to produce more than MAX_DECODED_BYTES (a deflate bomb stops early). */
function inflateCapped(data: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  const inflate = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size > MAX_DECODED_BYTES) throw new CodecError('The request body is too large.');
    chunks.push(chunk);
    done = final;
  });
  // Fed in small slices: one push inflates its whole input at once (up to about 1,000 times its
  // size), so a body pushed whole would be inflated whole before the cap could stop it.
  for (let start = 0; start < data.length; start += INFLATE_SLICE_BYTES) {
    const end = Math.min(start + INFLATE_SLICE_BYTES, data.length);
    inflate.push(data.subarray(start, end), end === data.length);
  }
  if (!done) throw new CodecError('The request body is truncated.');
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
