/**
 * The blockchains the exchange reaches, with what a deposit on each needs: its address format,
 * whether a destination tag goes with the address, and how many blocks must be built on top of a
 * deposit before it is credited. What each asset costs and needs on a network is in
 * assetNetworks.ts.
 */

/** A network's id, as the large exchanges name them (USDT's ERC-20 network is ETH). */
export type NetworkId = 'BTC' | 'ETH' | 'BSC' | 'XRP' | 'DOGE' | 'SOL' | 'LTC' | 'TRX';

/**
 * How a network writes an address. EVM networks share one: the same key has the same 0x address
 * on Ethereum and BNB Smart Chain, so the format cannot tell them apart.
 */
export type AddressFormat = 'bitcoin' | 'litecoin' | 'dogecoin' | 'evm' | 'tron' | 'solana' | 'xrp';

/** One blockchain as a person picks it on the deposit and withdrawal pages. */
export interface Network {
  id: NetworkId;
  /** The network's name, with its token standard where tokens ride on it. */
  name: string;
  /** The token standard of the network's tokens (USDT), or null where none is listed. */
  tokenStandard: string | null;
  addressFormat: AddressFormat;
  /** What a valid address looks like, in words a person can check against what they pasted. */
  addressHint: string;
  /**
   * The name of the number that goes with an address, or null when the address alone is enough.
   * On XRP the exchange has one address and tells its accounts apart by this tag.
   */
  tag: string | null;
  /** Blocks (the deposit's own included) before a deposit is credited. */
  confirmations: number;
}

/** Every network, keyed by id, in the order of the assets that first use them. */
export const NETWORKS: Readonly<Record<NetworkId, Network>> = {
  BTC: {
    id: 'BTC',
    name: 'Bitcoin',
    tokenStandard: null,
    addressFormat: 'bitcoin',
    addressHint: 'starts with bc1, 1 or 3',
    tag: null,
    // Two blocks (about 20 minutes) make a reversal by a chain re-organisation very unlikely.
    confirmations: 2,
  },
  ETH: {
    id: 'ETH',
    name: 'Ethereum (ERC-20)',
    tokenStandard: 'ERC-20',
    addressFormat: 'evm',
    addressHint: 'starts with 0x followed by 40 hexadecimal characters',
    tag: null,
    // About two and a half minutes of 12-second slots, past the usual depth of a re-organisation.
    confirmations: 12,
  },
  BSC: {
    id: 'BSC',
    name: 'BNB Smart Chain (BEP-20)',
    tokenStandard: 'BEP-20',
    addressFormat: 'evm',
    addressHint: 'starts with 0x followed by 40 hexadecimal characters',
    tag: null,
    confirmations: 15,
  },
  XRP: {
    id: 'XRP',
    name: 'XRP Ledger',
    tokenStandard: null,
    addressFormat: 'xrp',
    addressHint: 'starts with r and has 25 to 35 characters',
    tag: 'Destination tag',
    // A validated ledger is final: consensus does not re-organise.
    confirmations: 1,
  },
  DOGE: {
    id: 'DOGE',
    name: 'Dogecoin',
    tokenStandard: null,
    addressFormat: 'dogecoin',
    addressHint: 'starts with D, A or 9',
    tag: null,
    // One-minute blocks: 40 of them take about as long as 4 Bitcoin blocks.
    confirmations: 40,
  },
  SOL: {
    id: 'SOL',
    name: 'Solana',
    tokenStandard: null,
    addressFormat: 'solana',
    addressHint: 'has 32 to 44 letters and digits (base58)',
    tag: null,
    // A slot is final once 31 more are voted on top of it (the "finalized" commitment).
    confirmations: 32,
  },
  LTC: {
    id: 'LTC',
    name: 'Litecoin',
    tokenStandard: null,
    addressFormat: 'litecoin',
    addressHint: 'starts with ltc1, L or M',
    tag: null,
    confirmations: 6,
  },
  TRX: {
    id: 'TRX',
    name: 'TRON (TRC-20)',
    tokenStandard: 'TRC-20',
    addressFormat: 'tron',
    addressHint: 'starts with T and has 34 characters',
    tag: null,
    // A TRON block is irreversible once 19 of the 27 block producers have built on it.
    confirmations: 19,
  },
};

/** The network with this id, or undefined for an id the exchange does not know. */
export function findNetwork(id: string): Network | undefined {
  return Object.hasOwn(NETWORKS, id) ? NETWORKS[id as NetworkId] : undefined;
}
