/**
 * Bitcoin, Litecoin and Dogecoin addresses: bech32/bech32m segwit (BIP 173, BIP 350) and base58check
 * P2PKH/P2SH, each network with its own prefix and version bytes. Decoding and checksums are
 * @scure/btc-signer's.
 */
import { Address, NETWORK, TEST_NETWORK } from '@scure/btc-signer';
import type { BTC_NETWORK } from '@scure/btc-signer/utils.js';
import { type AddressCheck, BASE58_CHARACTERS, valid } from './AddressCheck.ts';

/** A network of the Bitcoin family: its encoding parameters and what its addresses look like. */
export interface BitcoinFamily {
  params: BTC_NETWORK;
  /** The first characters of its base58 addresses (P2PKH, then P2SH). */
  base58Leads: string;
  /** Its test network's parameters and name, to tell a person who pasted a testnet address. */
  testnet: { name: string; params: BTC_NETWORK };
}

/** Bitcoin: bc1…, 1… and 3…. */
export const BITCOIN: BitcoinFamily = {
  params: NETWORK,
  base58Leads: '13',
  testnet: { name: 'Bitcoin testnet', params: TEST_NETWORK },
};

/**
 * Litecoin: ltc1…, L… and M…. Litecoin's early P2SH addresses began with 3 as Bitcoin's do; those
 * are refused, since a 3… address is far more often a Bitcoin one pasted on the wrong network.
 */
export const LITECOIN: BitcoinFamily = {
  params: { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 },
  base58Leads: 'LM',
  testnet: {
    name: 'Litecoin testnet',
    params: { bech32: 'tltc', pubKeyHash: 0x6f, scriptHash: 0x3a, wif: 0xef },
  },
};

/** Dogecoin: D… (P2PKH) and A… or 9… (P2SH); it has no segwit addresses. */
export const DOGECOIN: BitcoinFamily = {
  // An empty bech32 prefix makes the decoder skip segwit.
  params: { bech32: '', pubKeyHash: 0x1e, scriptHash: 0x16, wif: 0x9e },
  base58Leads: 'DA9',
  testnet: {
    name: 'Dogecoin testnet',
    params: { bech32: '', pubKeyHash: 0x71, scriptHash: 0xc4, wif: 0xf1 },
  },
};

const BECH32_CHARACTERS = '[qpzry9x8gf2tvdw0s3jn54khce6mua7l]';

/** Checks a text as an address of the family's main network; canonical segwit is lower case. */
export function checkBitcoinAddress(family: BitcoinFamily, text: string): AddressCheck {
  const decoded = decode(family.params, text);
  if (decoded !== null) {
    // A pay-to-anchor output can be spent by anyone: coins sent there are given away.
    if (decoded.type === 'p2a') return { ok: false, problem: 'format' };
    return valid(Address(family.params).encode(decoded));
  }
  if (decode(family.testnet.params, text) !== null) {
    return { ok: false, problem: 'network', foreign: family.testnet.name };
  }
  return { ok: false, problem: hasShape(family, text) ? 'checksum' : 'format' };
}

function decode(
  params: BTC_NETWORK,
  text: string,
): ReturnType<ReturnType<typeof Address>['decode']> | null {
  try {
    return Address(params).decode(text);
  } catch {
    return null;
  }
}

/** Whether the text looks like the family's address, so a failed decode means a mistyped character. */
function hasShape(family: BitcoinFamily, text: string): boolean {
  const { bech32 } = family.params;
  const segwit = new RegExp(`^${bech32}1${BECH32_CHARACTERS}{8,87}$`);
  const base58 = new RegExp(`^[${family.base58Leads}]${BASE58_CHARACTERS}{25,34}$`);
  const lower = text.toLowerCase();
  // Bech32 may be all upper case (QR codes use it) but never mixed.
  const oneCase = text === lower || text === text.toUpperCase();
  return (bech32 !== '' && oneCase && segwit.test(lower)) || base58.test(text);
}
