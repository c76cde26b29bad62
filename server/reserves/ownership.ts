/**
 * Signed statements that show an address is the exchange's, each by the rule wallets of its
 * chain already follow, so anyone holding only the address can check it (the exact rules are in
 * docs/proof-of-reserves.md):
 * - 'eip191' (EVM): `personal_sign`, secp256k1 over Keccak-256 of "\x19Ethereum Signed
 *   Message:\n" + byte length + message; 65 bytes r‖s‖v (v = 27 + recovery), hex.
 * - 'tron' (TRON, TIP-191): the same with "\x19TRON Signed Message:\n".
 * - 'bip137' (Bitcoin, Litecoin, Dogecoin) and 'xrp': double SHA-256 of the length-prefixed magic
 *   ("Bitcoin Signed Message:\n", "Litecoin …", "Dogecoin …", "XRP …") and the length-prefixed
 *   message; 65 bytes header‖r‖s in base64, the header 31 + recovery for a compressed key's
 *   P2PKH (and XRP) address, 39 + recovery for a P2WPKH (bech32) one, as BIP 137 numbers them.
 * - 'ed25519' (Solana): Ed25519 over the message's UTF-8 bytes, as Solana wallets sign, hex.
 * The key recovered from a secp256k1 signature must give the address back; an Ed25519 address is
 * its public key.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, base64, hex } from '@scure/base';
import { encode } from '../wallet/chains/DepositAddresses.ts';
import { type AddressFormat, NETWORKS, type NetworkId } from '../wallet/chains/networks.ts';

/** A signing rule (see the file comment). */
export type OwnershipScheme = 'eip191' | 'tron' | 'bip137' | 'xrp' | 'ed25519';

const MAGIC: Partial<Record<AddressFormat, string>> = {
  bitcoin: 'Bitcoin Signed Message:\n',
  litecoin: 'Litecoin Signed Message:\n',
  dogecoin: 'Dogecoin Signed Message:\n',
  xrp: 'XRP Signed Message:\n',
};

/** The rule an address on `network` signs by. */
export function schemeOf(network: NetworkId): OwnershipScheme {
  const format = NETWORKS[network].addressFormat;
  if (format === 'evm') return 'eip191';
  if (format === 'tron') return 'tron';
  if (format === 'solana') return 'ed25519';
  if (format === 'xrp') return 'xrp';
  return 'bip137';
}

/** Signs `message` with the address's private key by its network's rule. */
export function signOwnership(network: NetworkId, privateKey: Uint8Array, message: string): string {
  const format = NETWORKS[network].addressFormat;
  if (format === 'solana') return hex.encode(ed25519.sign(utf8(message), privateKey));
  const digest = digestOf(format, message);
  const signed = secp256k1.sign(digest, privateKey, { prehash: false, format: 'recovered' });
  const recovery = signed[0] as number;
  const rs = signed.subarray(1);
  if (format === 'evm' || format === 'tron') {
    return `0x${hex.encode(rs)}${(27 + recovery).toString(16)}`;
  }
  const header = (format === 'bitcoin' || format === 'litecoin' ? 39 : 31) + recovery;
  return base64.encode(Uint8Array.of(header, ...rs));
}

/** Whether `signature` over `message` was made by the key of `address` on `network`. */
export function verifyOwnership(
  network: NetworkId,
  address: string,
  message: string,
  signature: string,
): boolean {
  const format = NETWORKS[network].addressFormat;
  try {
    if (format === 'solana') {
      return ed25519.verify(hex.decode(signature), utf8(message), base58.decode(address));
    }
    const bytes =
      format === 'evm' || format === 'tron'
        ? evmOrder(hex.decode(signature.replace(/^0x/, '').toLowerCase()))
        : base64.decode(signature);
    if (bytes.length !== 65) return false;
    const recovery = ((bytes[0] as number) - 27) & 3;
    const recovered = secp256k1.recoverPublicKey(
      Uint8Array.of(recovery, ...bytes.subarray(1)),
      digestOf(format, message),
      { prehash: false },
    );
    const expected = encode(format as Exclude<AddressFormat, 'solana'>, recovered);
    return format === 'evm'
      ? expected.toLowerCase() === address.toLowerCase()
      : expected === address;
  } catch {
    return false;
  }
}

/** r‖s‖v as header‖r‖s. */
function evmOrder(bytes: Uint8Array): Uint8Array {
  return Uint8Array.of(bytes[64] ?? 0, ...bytes.subarray(0, 64));
}

function digestOf(format: AddressFormat, message: string): Uint8Array {
  const body = utf8(message);
  if (format === 'evm' || format === 'tron') {
    const chain = format === 'evm' ? 'Ethereum' : 'TRON';
    return keccak_256(utf8(`\x19${chain} Signed Message:\n${body.length}${message}`));
  }
  const magic = utf8(MAGIC[format] ?? '');
  return sha256(
    sha256(Uint8Array.of(...varInt(magic.length), ...magic, ...varInt(body.length), ...body)),
  );
}

/** Bitcoin's CompactSize length prefix. */
function varInt(length: number): number[] {
  if (length < 0xfd) return [length];
  if (length <= 0xffff) return [0xfd, length & 0xff, length >> 8];
  return [0xfe, length & 0xff, (length >> 8) & 0xff, (length >> 16) & 0xff, length >>> 24];
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
