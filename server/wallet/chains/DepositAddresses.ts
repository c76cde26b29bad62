/**
 * Deposit addresses derived from the wallet seed: the same account always gets the same address
 * on a network, two accounts never share one, and each is the address a standard wallet restored
 * from the same seed shows at the same path (BIP 44/84 paths, SLIP-0010 for Solana), so funds can
 * be found and moved with ordinary tools too.
 */

import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { p2pkh, p2wpkh } from '@scure/btc-signer';
import { HDKey as Ed25519Key } from 'micro-key-producer/slip10.js';
import { encodeAccountID } from 'ripple-address-codec';
import { BITCOIN, DOGECOIN, LITECOIN } from './bitcoinAddress.ts';
import { evmAddressOfPublicKey } from './evmAddress.ts';
import { type AddressFormat, NETWORKS, type NetworkId } from './networks.ts';
import { solanaAddress } from './solanaAddress.ts';
import { tronAddress } from './tronAddress.ts';

/** An account's deposit address on a network, and the key's path from the seed. */
export interface DepositAddress {
  network: NetworkId;
  address: string;
  /** The destination tag that marks this account's deposits, where the network uses one. */
  tag: number | null;
  /** The derivation path of the key that receives there, from the wallet seed. */
  path: string;
}

/** The largest account id with an address: BIP 32 child numbers below 2^31 are not hardened. */
export const MAX_ACCOUNT_ID = 2 ** 31 - 1;

/** The BIP 32 purpose and coin type of each secp256k1 format (BIP 44/84, SLIP-0044). */
const SECP256K1_PATHS: Readonly<Record<Exclude<AddressFormat, 'solana'>, string>> = {
  bitcoin: "m/84'/0'/0'",
  litecoin: "m/84'/2'/0'",
  dogecoin: "m/44'/3'/0'",
  // Ethereum's coin type for every EVM network, as wallets do: one key, one 0x address on
  // Ethereum and BNB Smart Chain alike, so coins sent on the other network are still recoverable.
  evm: "m/44'/60'/0'",
  tron: "m/44'/195'/0'",
  xrp: "m/44'/144'/0'",
};

/** Derives deposit addresses from a wallet seed given as hex (16 to 64 bytes, as BIP 32 allows). */
export class DepositAddresses {
  readonly #seed: Uint8Array;
  /** Each format's account-level public node: deposit addresses need no private key. */
  readonly #publicNodes = new Map<AddressFormat, HDKey>();

  constructor(seedHex: string) {
    this.#seed = hex.decode(seedHex.toLowerCase());
  }

  /** The account's address (and tag) for deposits on the network. */
  of(network: NetworkId, accountId: number): DepositAddress {
    if (!Number.isSafeInteger(accountId) || accountId < 0 || accountId > MAX_ACCOUNT_ID) {
      throw new RangeError(`account id must be a whole number from 0 to ${MAX_ACCOUNT_ID}`);
    }
    const format = NETWORKS[network].addressFormat;
    if (format === 'solana') {
      // Ed25519 has no public derivation: SLIP-0010 paths are hardened throughout, with the
      // account at the third level as Solana wallets number them.
      const path = `m/44'/501'/${accountId}'/0'`;
      const key = Ed25519Key.fromMasterSeed(this.#seed).derive(path);
      return { network, address: solanaAddress(key.publicKeyRaw), tag: null, path };
    }
    if (format === 'xrp') {
      // An XRP Ledger account exists only while it holds the reserve (1 XRP, locked), so an
      // address per person would lock a reserve each and refuse deposits smaller than it. As
      // exchanges do, one address receives for everyone and the destination tag says whose a
      // payment is: the account id, unique by construction and no secret (every payment shows
      // its tag on the public ledger).
      return { network, ...this.#secp256k1(format, 0), tag: accountId };
    }
    return { network, ...this.#secp256k1(format, accountId), tag: null };
  }

  #secp256k1(format: Exclude<AddressFormat, 'solana'>, index: number) {
    const path = `${SECP256K1_PATHS[format]}/0/${index}`;
    const publicKey = this.#publicNode(format).deriveChild(0).deriveChild(index).publicKey;
    if (publicKey === null) throw new Error(`no public key at ${path}`);
    return { address: encode(format, publicKey), path };
  }

  #publicNode(format: Exclude<AddressFormat, 'solana'>): HDKey {
    let node = this.#publicNodes.get(format);
    if (node === undefined) {
      const account = HDKey.fromMasterSeed(this.#seed).derive(SECP256K1_PATHS[format]);
      node = HDKey.fromExtendedKey(account.publicExtendedKey);
      this.#publicNodes.set(format, node);
    }
    return node;
  }
}

/** The address of a compressed secp256k1 public key in the format. */
export function encode(format: Exclude<AddressFormat, 'solana'>, publicKey: Uint8Array): string {
  switch (format) {
    case 'bitcoin':
      return required(p2wpkh(publicKey, BITCOIN.params).address);
    case 'litecoin':
      return required(p2wpkh(publicKey, LITECOIN.params).address);
    // Dogecoin has no segwit: a pay-to-public-key-hash address.
    case 'dogecoin':
      return required(p2pkh(publicKey, DOGECOIN.params).address);
    case 'evm':
      return evmAddressOfPublicKey(publicKey);
    // TRON's account id is the EVM one (Keccak-256 of the key), written in base58check.
    case 'tron':
      return tronAddress(hex.decode(evmAddressOfPublicKey(publicKey).slice(2).toLowerCase()));
    case 'xrp':
      return encodeAccountID(ripemd160(sha256(publicKey)));
  }
}

function required(address: string | undefined): string {
  if (address === undefined) throw new Error('the payment has no address');
  return address;
}
