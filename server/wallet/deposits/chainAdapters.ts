/**
 * Which chain each network is reached through: an EVM network with a node set (ETH_RPC_URL,
 * BSC_RPC_URL) through that node; every other network through the built-in devnet while it is on,
 * or not at all (then the network takes no deposits and sends no withdrawals). The server
 * creates them once (app.ts) and hands the same ones to deposits and withdrawals.
 */
import type { Config } from '../../config.ts';
import type { Queryable } from '../../storage/db.ts';
import type { ChainAdapter } from '../chains/ChainAdapter.ts';
import { DepositAddresses } from '../chains/DepositAddresses.ts';
import type { NetworkId } from '../chains/networks.ts';
import { DEVNET_NETWORKS, Devnet } from '../devnet/Devnet.ts';
import { DevnetAdapter } from '../devnet/DevnetAdapter.ts';
import { EvmAdapter } from '../evm/EvmAdapter.ts';
import { EVM_NETWORKS } from '../evm/evmSettings.ts';

/** The chain of each network that is reached now (deposits and withdrawals), by network. */
export type ChainAdapters = ReadonlyMap<NetworkId, ChainAdapter>;

/** Creates the adapters of the networks the wallet configuration reaches. */
export function createChainAdapters(db: Queryable, wallet: Config['wallet']): ChainAdapters {
  const adapters = new Map<NetworkId, ChainAdapter>();
  const addresses = depositAddresses(wallet.seed);
  for (const network of EVM_NETWORKS) {
    const node = wallet.evm.nodes[network];
    if (node !== undefined) {
      adapters.set(network, new EvmAdapter(network, node, wallet.evm.hotWalletKey, addresses, db));
    }
  }
  if (wallet.devnet) {
    const devnet = new Devnet(db);
    for (const network of DEVNET_NETWORKS) {
      if (!adapters.has(network)) {
        adapters.set(network, new DevnetAdapter(network, devnet, addresses));
      }
    }
  }
  return adapters;
}

/** True when some network is reached (the devnet, or a node): then the wallet's clock runs. */
export function anyChain(wallet: Config['wallet']): boolean {
  return wallet.devnet || Object.keys(wallet.evm.nodes).length > 0;
}

const bySeed = new Map<string, DepositAddresses>();

/** One deriver per seed, so each keeps its account-level keys between calls. */
function depositAddresses(seed: string): DepositAddresses {
  let addresses = bySeed.get(seed);
  if (addresses === undefined) {
    addresses = new DepositAddresses(seed);
    bySeed.set(seed, addresses);
  }
  return addresses;
}
