/**
 * The network a deposit method names, checked: the asset must move on it, and it must take
 * deposits now (with the devnet off, no network does).
 */
import type { Ticker } from '../../../core/protocol/index.ts';
import { refusal } from '../../errors/DomainError.ts';
import { type AssetNetwork, assetNetwork } from '../chains/assetNetworks.ts';
import type { ChainAdapter } from '../chains/ChainAdapter.ts';
import { NETWORKS } from '../chains/networks.ts';
import type { ChainAdapters } from './chainAdapters.ts';

/** The asset on the network and the chain it is reached through; refused when there is none. */
export function depositNetwork(
  chains: ChainAdapters,
  asset: Ticker,
  network: string,
): { on: AssetNetwork; adapter: ChainAdapter } {
  const on = assetNetwork(asset, network);
  const adapter = chains.get(on.network);
  if (adapter === undefined) {
    throw refusal('deposit.unavailable', { network: NETWORKS[on.network].name });
  }
  return { on, adapter };
}
