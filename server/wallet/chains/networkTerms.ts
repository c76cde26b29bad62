/**
 * What deposits and withdrawals of an asset need and cost on each of its networks, and whether
 * this server takes them there now: as the deposits and withdrawals enforce it (a network is
 * open while its chain is connected; deposit.unavailable and withdrawal.unavailable refuse it
 * otherwise).
 */
import type { NetworkInfo, Ticker } from '../../../core/protocol/index.ts';
import type { ChainAdapters } from '../deposits/chainAdapters.ts';
import { ASSET_NETWORKS } from './assetNetworks.ts';
import { NETWORKS } from './networks.ts';

/** An asset's networks with their terms, in the order the pages offer them. */
export function networkTerms(asset: Ticker, chains: ChainAdapters): NetworkInfo[] {
  return ASSET_NETWORKS[asset].map((on) => {
    const network = NETWORKS[on.network];
    const open = chains.has(on.network);
    return {
      network: on.network,
      name: network.name,
      tagName: network.tag,
      confirmations: network.confirmations,
      decimals: on.decimals,
      depositOpen: open,
      withdrawOpen: open,
      minDeposit: on.minDeposit,
      withdrawalFee: on.withdrawalFee,
      minWithdrawal: on.minWithdrawal,
    };
  });
}
