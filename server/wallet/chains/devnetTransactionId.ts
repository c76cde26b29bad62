/**
 * Transaction ids for the built-in devnet, written as each real network writes them, so the
 * deposit and withdrawal pages show what they will show on a real chain. Derived by hashing what
 * makes the transaction unique, so the same devnet transaction always has the same id.
 */

import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, hex } from '@scure/base';
import { NETWORKS, type NetworkId } from './networks.ts';

/** A devnet transaction's id on the network, from a text unique to the transaction. */
export function devnetTransactionId(network: NetworkId, unique: string): string {
  const material = utf8ToBytes(`devnet ${network} ${unique}`);
  switch (NETWORKS[network].addressFormat) {
    // A Solana transaction is named by its first signature: 64 bytes in base58.
    case 'solana':
      return base58.encode(sha512(material));
    case 'evm':
      return `0x${hex.encode(sha256(material))}`;
    // The XRP Ledger writes its 32-byte hashes in upper case.
    case 'xrp':
      return hex.encode(sha256(material)).toUpperCase();
    case 'bitcoin':
    case 'litecoin':
    case 'dogecoin':
    case 'tron':
      return hex.encode(sha256(material));
  }
}
