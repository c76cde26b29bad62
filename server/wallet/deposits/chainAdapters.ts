/**
 * Which chain each network is reached through. Only the built-in devnet exists so far: with it on,
 * every network is a devnet chain; with it off, no network takes deposits.
 */
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db.ts';
import type { ChainAdapter } from '../chains/ChainAdapter.ts';
import { DepositAddresses } from '../chains/DepositAddresses.ts';
import type { NetworkId } from '../chains/networks.ts';
import { DEVNET_NETWORKS, Devnet } from '../devnet/Devnet.ts';
import { DevnetAdapter } from '../devnet/DevnetAdapter.ts';

/** The adapters of the networks that take deposits now, by network. */
export function chainAdapters(
  db: Queryable,
  wallet: Config['wallet'],
): ReadonlyMap<NetworkId, ChainAdapter> {
  const adapters = new Map<NetworkId, ChainAdapter>();
  if (!wallet.devnet) return adapters;
  const devnet = new Devnet(db);
  const addresses = depositAddresses(wallet.seed);
  for (const network of DEVNET_NETWORKS) {
    adapters.set(network, new DevnetAdapter(network, devnet, addresses));
  }
  return adapters;
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
