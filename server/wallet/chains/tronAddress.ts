/** TRON addresses: base58check of the 0x41 version byte and a 20-byte account id (T…). */

import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { type AddressCheck, BASE58_CHARACTERS, valid } from './AddressCheck.ts';

/** Base58check with Bitcoin's double SHA-256 checksum, as TRON uses it. */
export const base58check = createBase58check(sha256);

/** The version byte of every TRON mainnet address. */
export const TRON_VERSION = 0x41;

const SHAPE = new RegExp(`^T${BASE58_CHARACTERS}{33}$`);

/** Checks a text as a TRON address. */
export function checkTronAddress(text: string): AddressCheck {
  let payload: Uint8Array;
  try {
    payload = base58check.decode(text);
  } catch {
    return { ok: false, problem: SHAPE.test(text) ? 'checksum' : 'format' };
  }
  if (payload.length !== 21 || payload[0] !== TRON_VERSION) return { ok: false, problem: 'format' };
  return valid(text);
}

/** The TRON address of a 20-byte account id (the same id an EVM address spells in hex). */
export function tronAddress(accountId: Uint8Array): string {
  return base58check.encode(Uint8Array.of(TRON_VERSION, ...accountId));
}
