/**
 * The exchange's holdings on an EVM node: the hot wallet and every deposit address of the
 * network, each asset's balance (the coin, and USDT through its contract's balanceOf) at one
 * block, the node's tip when the snapshot is taken.
 */
import type { Config } from '../config.ts';
import type { Queryable } from '../storage/db.ts';
import { ASSET_NETWORKS } from '../wallet/chains/assetNetworks.ts';
import { checksumEvmAddress, evmAddressOfPrivateKey } from '../wallet/chains/evmAddress.ts';
import { fromMinorUnits } from '../wallet/chains/minorUnits.ts';
import { EVM_NETWORKS, type EvmNetworkId } from '../wallet/evm/evmSettings.ts';
import { loadViem } from '../wallet/evm/viem.ts';
import type { HeldAddress } from './devnetReserves.ts';

/** The path recorded for the hot wallet, whose key is set on its own (EVM_HOT_WALLET_KEY). */
export const HOT_WALLET_PATH = 'hot wallet';

/** Balances of the exchange's addresses on every EVM network on a node. */
export async function evmBalances(db: Queryable, wallet: Config['wallet']): Promise<HeldAddress[]> {
  const found: HeldAddress[] = [];
  for (const network of EVM_NETWORKS) {
    const node = wallet.evm.nodes[network];
    if (node !== undefined) found.push(...(await networkBalances(db, wallet, network, node)));
  }
  return found;
}

async function networkBalances(
  db: Queryable,
  wallet: Config['wallet'],
  network: EvmNetworkId,
  node: NonNullable<Config['wallet']['evm']['nodes'][EvmNetworkId]>,
): Promise<HeldAddress[]> {
  const { viem } = await loadViem();
  const client = viem.createPublicClient({ transport: viem.http(node.rpcUrl, { batch: true }) });
  const rows = await db
    .selectFrom('deposit_addresses')
    .select(['address', 'path'])
    .where('network', '=', network)
    .execute();
  const addresses = rows.map((row) => ({
    address: checksumEvmAddress(row.address),
    path: row.path,
  }));
  if (wallet.evm.hotWalletKey !== null) {
    const hot = evmAddressOfPrivateKey(wallet.evm.hotWalletKey);
    addresses.push({ address: hot, path: HOT_WALLET_PATH });
  }
  const blockNumber = await client.getBlockNumber();
  const assets = Object.values(ASSET_NETWORKS)
    .flat()
    .filter((on) => on.network === network);
  const held: HeldAddress[] = [];
  for (const { address, path } of addresses) {
    const balances: Record<string, string> = {};
    for (const on of assets) {
      const contract =
        on.contract === null
          ? null
          : on.asset === 'USDT' && node.usdtContract
            ? node.usdtContract
            : on.contract;
      const units =
        contract === null
          ? await client.getBalance({ address, blockNumber })
          : await client.readContract({
              address: checksumEvmAddress(contract),
              abi: viem.erc20Abi,
              functionName: 'balanceOf',
              args: [address],
              blockNumber,
            });
      if (units > 0n) balances[on.asset] = fromMinorUnits(on, units);
    }
    if (Object.keys(balances).length > 0) {
      held.push({ network, address, path, balances, source: `block ${blockNumber}` });
    }
  }
  return held;
}
