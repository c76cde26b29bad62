/**
 * SHA-256 of a UTF-8 string as lower-case hex, from @noble/hashes (audited, the same family as the
 * codec's @noble/ciphers) because WebCrypto exists only in secure contexts, and the pixel must
 * hash identifiers on plain-http pages too.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The hex SHA-256 digest of `text` encoded as UTF-8. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
