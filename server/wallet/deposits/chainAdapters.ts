/**
 * Which chain each network is reached through: an EVM network with a node set (ETH_RPC_URL,
 * BSC_RPC_URL) through that node; every other network through the built-in devnet while it is on,
 * or not at all (then the network takes no deposits and sends no withdrawals).
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

/** Adapters built per database and wallet configuration: requests ask for them again and again. */
const built = new WeakMap<
  Queryable,
  WeakMap<Config['wallet'], ReadonlyMap<NetworkId, ChainAdapter>>
>();

/** The adapters of the networks that take deposits now, by network. */
export function chainAdapters(
  db: Queryable,
  wallet: Config['wallet'],
): ReadonlyMap<NetworkId, ChainAdapter> {
  let byWallet = built.get(db);
  if (byWallet === undefined) {
    byWallet = new WeakMap();
    built.set(db, byWallet);
  }
  let adapters = byWallet.get(wallet);
  if (adapters === undefined) {
    adapters = buildAdapters(db, wallet);
    byWallet.set(wallet, adapters);
  }
  return adapters;
}

function buildAdapters(
  db: Queryable,
  wallet: Config['wallet'],
): ReadonlyMap<NetworkId, ChainAdapter> {
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
