/**
 * Which networks each asset can be deposited and withdrawn on, and what that costs and needs. The
 * amounts are exact decimal strings in the asset's own unit (as the ledger stores them); the
 * chain counts in minor units (satoshi, wei, drops, lamports, sun), `decimals` of them per unit.
 * The figures are the exchange's settings, in line with what large exchanges charge.
 */
import type { Ticker } from '../../../core/protocol/index.ts';
import { refusal } from '../../errors/DomainError.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

/** One asset on one network. */
export interface AssetNetwork {
  asset: Ticker;
  network: NetworkId;
  /** Minor units per unit on this network, as a power of ten (USDT has 6 on TRON, 18 on BSC). */
  decimals: number;
  /** The token's contract address on this network, or null for the network's own coin. */
  contract: string | null;
  /** Smaller deposits are not credited: they would cost more to sweep than they are worth. */
  minDeposit: string;
  /** The network fee the exchange charges on a withdrawal, in the asset, disclosed before confirming. */
  withdrawalFee: string;
  /** The smallest withdrawal, fee included in neither: the amount the address receives. */
  minWithdrawal: string;
}

type Entry = Omit<AssetNetwork, 'asset'>;

const USDT_NETWORKS: readonly Entry[] = [
  {
    network: 'TRX',
    decimals: 6,
    contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    minDeposit: '1',
    withdrawalFee: '1',
    minWithdrawal: '10',
  },
  {
    network: 'ETH',
    decimals: 6,
    contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    minDeposit: '5',
    withdrawalFee: '4',
    minWithdrawal: '10',
  },
  {
    network: 'BSC',
    // Tether's BEP-20 contract counts in 18 decimals, not the 6 of its other networks.
    decimals: 18,
    contract: '0x55d398326f99059fF775485246999027B3197955',
    minDeposit: '1',
    withdrawalFee: '0.5',
    minWithdrawal: '10',
  },
];

const ENTRIES: Readonly<Record<Ticker, readonly Entry[]>> = {
  BTC: [
    {
      network: 'BTC',
      decimals: 8,
      contract: null,
      minDeposit: '0.0001',
      withdrawalFee: '0.0002',
      minWithdrawal: '0.001',
    },
  ],
  ETH: [
    {
      network: 'ETH',
      decimals: 18,
      contract: null,
      minDeposit: '0.001',
      withdrawalFee: '0.001',
      minWithdrawal: '0.005',
    },
  ],
  BNB: [
    {
      network: 'BSC',
      decimals: 18,
      contract: null,
      minDeposit: '0.001',
      withdrawalFee: '0.0005',
      minWithdrawal: '0.01',
    },
  ],
  XRP: [
    {
      network: 'XRP',
      decimals: 6,
      contract: null,
      minDeposit: '0.1',
      withdrawalFee: '0.2',
      // Above the reserve a new XRP Ledger account must receive before it exists (1 XRP).
      minWithdrawal: '2',
    },
  ],
  DOGE: [
    {
      network: 'DOGE',
      decimals: 8,
      contract: null,
      minDeposit: '1',
      withdrawalFee: '4',
      minWithdrawal: '20',
    },
  ],
  SOL: [
    {
      network: 'SOL',
      decimals: 9,
      contract: null,
      minDeposit: '0.01',
      withdrawalFee: '0.001',
      // Above the balance a new Solana account needs to exist (about 0.00089 SOL).
      minWithdrawal: '0.01',
    },
  ],
  LTC: [
    {
      network: 'LTC',
      decimals: 8,
      contract: null,
      minDeposit: '0.001',
      withdrawalFee: '0.0001',
      minWithdrawal: '0.002',
    },
  ],
  TRX: [
    {
      network: 'TRX',
      decimals: 6,
      contract: null,
      minDeposit: '1',
      withdrawalFee: '1',
      minWithdrawal: '10',
    },
  ],
  // TRC-20 first: it is the cheapest of the three, and the one most people pick.
  USDT: USDT_NETWORKS,
};

/** Every asset's networks, in the order the deposit page offers them. */
export const ASSET_NETWORKS: Readonly<Record<Ticker, readonly AssetNetwork[]>> = {
  BTC: on('BTC'),
  ETH: on('ETH'),
  BNB: on('BNB'),
  XRP: on('XRP'),
  DOGE: on('DOGE'),
  SOL: on('SOL'),
  LTC: on('LTC'),
  TRX: on('TRX'),
  USDT: on('USDT'),
};

function on(asset: Ticker): AssetNetwork[] {
  return ENTRIES[asset].map((entry) => ({ asset, ...entry }));
}

/** The asset on that network; a refusal naming the networks there are when it is not on it. */
export function assetNetwork(asset: Ticker, network: string): AssetNetwork {
  const networks = ASSET_NETWORKS[asset];
  const found = networks.find((candidate) => candidate.network === network);
  if (found !== undefined) return found;
  const names = networks.map((candidate) => NETWORKS[candidate.network].name);
  throw refusal('wallet.notOnNetwork', { asset, network, networks: listOr(names) });
}

function listOr(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
