/**
 * XRP Ledger addresses: classic r… addresses (base58check in the XRP alphabet), and X-addresses,
 * which carry the destination tag inside them. Both are decoded by the XRP Ledger's own
 * ripple-address-codec.
 */
import {
  isValidClassicAddress,
  isValidXAddress,
  xAddressToClassicAddress,
} from 'ripple-address-codec';
import { type AddressCheck, BASE58_CHARACTERS, valid } from './AddressCheck.ts';

const CLASSIC_SHAPE = new RegExp(`^r${BASE58_CHARACTERS}{24,34}$`);

/** Checks a text as an XRP Ledger address; an X-address comes back as its classic one and tag. */
export function checkXrpAddress(text: string): AddressCheck {
  if (isValidClassicAddress(text)) return valid(text);
  if (isValidXAddress(text)) {
    const { classicAddress, tag, test } = xAddressToClassicAddress(text);
    if (test) return { ok: false, problem: 'network', foreign: 'XRP Ledger testnet' };
    return { ok: true, address: classicAddress, tag: tag === false ? null : tag };
  }
  return { ok: false, problem: CLASSIC_SHAPE.test(text) ? 'checksum' : 'format' };
}
