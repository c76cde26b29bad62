/**
 * Solana addresses: an ed25519 public key (or a program-derived address, which is off the curve)
 * as 32 bytes in base58. They carry no checksum, so a mistyped character that keeps the length is
 * another valid address: only the shape can be checked.
 */
import { base58 } from '@scure/base';
import { type AddressCheck, valid } from './AddressCheck.ts';

/** Checks a text as a Solana address. */
export function checkSolanaAddress(text: string): AddressCheck {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(text);
  } catch {
    return { ok: false, problem: 'format' };
  }
  // Base58 drops no information, but leading "1"s are zero bytes: re-encoding rejects padding.
  if (bytes.length !== 32 || base58.encode(bytes) !== text) return { ok: false, problem: 'format' };
  return valid(text);
}

/** The Solana address of a 32-byte public key. */
export function solanaAddress(publicKey: Uint8Array): string {
  return base58.encode(publicKey);
}
