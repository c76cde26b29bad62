/**
 * EVM addresses (Ethereum, BNB Smart Chain): 0x and 40 hex digits, checksummed by the case of its
 * letters (EIP-55). Checked and written here with Keccak-256 from @noble/hashes rather than
 * through viem, whose 450 modules only the EVM node's work loads (`loadViem`): every withdrawal's
 * address check and every deposit address needs these, a server without an EVM node nothing more.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import { type AddressCheck, valid } from './AddressCheck.ts';

/** An EVM address in its EIP-55 spelling. */
export type EvmAddress = `0x${string}`;

const SHAPE = /^0x[0-9a-fA-F]{40}$/;

/** Checks a text as an EVM address; the canonical spelling is the EIP-55 checksummed one. */
export function checkEvmAddress(text: string): AddressCheck {
  if (!SHAPE.test(text)) return { ok: false, problem: 'format' };
  // All lower (or all upper) case carries no checksum, as many wallets write it: accepted. A mix
  // of cases is a checksum, and one that does not match means a character was changed.
  const digits = text.slice(2);
  const oneCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!oneCase && checksumEvmAddress(text) !== text) return { ok: false, problem: 'checksum' };
  return valid(checksumEvmAddress(text));
}

/**
 * Whether a text is an EVM address as a configuration must give one: 0x and 40 hex digits, all
 * in small letters or with a matching EIP-55 checksum (viem's `isAddress`).
 */
export function isEvmAddress(text: string): text is EvmAddress {
  if (!SHAPE.test(text)) return false;
  return text === text.toLowerCase() || checksumEvmAddress(text) === text;
}

/**
 * The EIP-55 spelling of an address (0x and 40 hex digits in any case; a RangeError otherwise):
 * a letter is capital where the Keccak-256 of the small-letter digits has a nibble of 8 or more
 * at its place (viem's `getAddress`).
 */
export function checksumEvmAddress(text: string): EvmAddress {
  if (!SHAPE.test(text)) throw new RangeError(`not an EVM address: ${text}`);
  const digits = text.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(digits));
  let spelled = '0x';
  for (let index = 0; index < digits.length; index++) {
    const byte = hash[index >> 1] ?? 0;
    const nibble = index % 2 === 0 ? byte >> 4 : byte & 0x0f;
    const digit = digits.charAt(index);
    spelled += nibble >= 8 ? digit.toUpperCase() : digit;
  }
  return spelled as EvmAddress;
}

/** The address of a secp256k1 public key (compressed or not): the last 20 bytes of the Keccak-256 of its two coordinates. */
export function evmAddressOfPublicKey(publicKey: Uint8Array): EvmAddress {
  const coordinates = secp256k1.Point.fromBytes(publicKey).toBytes(false).subarray(1);
  return checksumEvmAddress(`0x${hex.encode(keccak_256(coordinates).subarray(12))}`);
}

/** The address a private key (0x and 64 hex digits) signs for; throws for a key off the curve's range. */
export function evmAddressOfPrivateKey(privateKey: `0x${string}`): EvmAddress {
  return evmAddressOfPublicKey(
    secp256k1.getPublicKey(hex.decode(privateKey.slice(2).toLowerCase())),
  );
}
