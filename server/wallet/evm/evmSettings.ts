/**
 * The settings that put an EVM network on a real node instead of the devnet: a JSON-RPC URL per
 * network, the USDT contract there (Tether's own unless set, so a test chain can deploy its own),
 * and the hot wallet's key that signs withdrawals. Read with the rest of the configuration, so a
 * typo stops the server at start with the variable's name.
 */
import { isEvmAddress } from '../chains/evmAddress.ts';

/** The EVM networks a node can serve: Ethereum and BNB Smart Chain. */
export const EVM_NETWORKS = ['ETH', 'BSC'] as const;
export type EvmNetworkId = (typeof EVM_NETWORKS)[number];

/** One EVM network reached through a node. */
export interface EvmNode {
  /** The node's JSON-RPC endpoint (http or https). */
  rpcUrl: string;
  /** The USDT token contract on this chain, or null for the one in the network table. */
  usdtContract: `0x${string}` | null;
}

/** The EVM networks on real nodes, and the key their withdrawals are signed with. */
export interface EvmSettings {
  nodes: Partial<Record<EvmNetworkId, EvmNode>>;
  /** The hot wallet's private key (0x and 64 hex digits), or null: then withdrawals wait. */
  hotWalletKey: `0x${string}` | null;
}

/** A bad value, with the variable it came from: the configuration turns it into its own error. */
export type SettingProblem = (name: string, problem: string) => never;

/** Reads `ETH_RPC_URL`, `ETH_USDT_CONTRACT`, `BSC_RPC_URL`, `BSC_USDT_CONTRACT`, `EVM_HOT_WALLET_KEY`. */
export function evmSettings(
  read: (name: string) => string | undefined,
  fail: SettingProblem,
): EvmSettings {
  const nodes: EvmSettings['nodes'] = {};
  for (const network of EVM_NETWORKS) {
    const rpcUrl = read(`${network}_RPC_URL`);
    const contract = read(`${network}_USDT_CONTRACT`);
    if (rpcUrl === undefined) {
      if (contract !== undefined) fail(`${network}_USDT_CONTRACT`, `needs ${network}_RPC_URL`);
      continue;
    }
    if (!/^https?:\/\/\S+$/.test(rpcUrl)) {
      fail(`${network}_RPC_URL`, `must be an http:// or https:// URL (got "${rpcUrl}")`);
    }
    if (contract !== undefined && !isEvmAddress(contract)) {
      fail(`${network}_USDT_CONTRACT`, `must be a 0x address with a valid checksum`);
    }
    nodes[network] = { rpcUrl, usdtContract: contract === undefined ? null : contract };
  }
  const key = read('EVM_HOT_WALLET_KEY');
  if (key !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    // A secret: the message does not repeat it.
    fail('EVM_HOT_WALLET_KEY', 'must be 0x followed by 64 hex digits');
  }
  return { nodes, hotWalletKey: key === undefined ? null : (key.toLowerCase() as `0x${string}`) };
}
