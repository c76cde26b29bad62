/**
 * The network a deposit method names, checked: the asset must move on it, and it must take
 * deposits now (with the devnet off, no network does).
 */
import type { Ticker } from '../../../core/protocol/index.ts';
import type { Config } from '../../config.ts';
import { DomainError } from '../../errors/DomainError.ts';
import type { Queryable } from '../../storage/db.ts';
import { type AssetNetwork, assetNetwork } from '../chains/assetNetworks.ts';
import type { ChainAdapter } from '../chains/ChainAdapter.ts';
import { NETWORKS } from '../chains/networks.ts';
import { chainAdapters } from './chainAdapters.ts';

/** The asset on the network and the chain it is reached through; DomainError when there is none. */
export function depositNetwork(
  db: Queryable,
  wallet: Config['wallet'],
  asset: Ticker,
  network: string,
): { on: AssetNetwork; adapter: ChainAdapter } {
  const on = assetNetwork(asset, network);
  const adapter = chainAdapters(db, wallet).get(on.network);
  if (adapter === undefined) {
    throw new DomainError(
      `Deposits on ${NETWORKS[on.network].name} are not available right now; please try again later.`,
    );
  }
  return { on, adapter };
}
