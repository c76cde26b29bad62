/**
 * EVM addresses (Ethereum, BNB Smart Chain): 0x and 40 hex digits, checksummed by the case of its
 * letters (EIP-55), checked and written by viem.
 */
import { getAddress, isAddress } from 'viem/utils';
import { type AddressCheck, valid } from './AddressCheck.ts';

/** Checks a text as an EVM address; the canonical spelling is the EIP-55 checksummed one. */
export function checkEvmAddress(text: string): AddressCheck {
  if (!isAddress(text, { strict: false })) return { ok: false, problem: 'format' };
  // All lower (or all upper) case carries no checksum, as many wallets write it: accepted. A mix
  // of cases is a checksum, and one that does not match means a character was changed.
  const digits = text.slice(2);
  const oneCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!oneCase && !isAddress(text, { strict: true })) return { ok: false, problem: 'checksum' };
  return valid(getAddress(text.toLowerCase()));
}
