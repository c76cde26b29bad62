/**
 * Where the server's snapshots find the reserves: the devnet's networks in the snapshot's
 * transaction, the EVM networks on nodes right after, and each address's key from the wallet
 * seed at the address's path (or the hot wallet's key) to sign the ownership statement.
 */

import { hex } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { HDKey as Ed25519Key } from 'micro-key-producer/slip10.js';
import type { Config } from '../config.ts';
import type { Database } from '../storage/db.ts';
import { NETWORKS, type NetworkId } from '../wallet/chains/networks.ts';
import type { ChainAdapters } from '../wallet/deposits/chainAdapters.ts';
import { DevnetAdapter } from '../wallet/devnet/DevnetAdapter.ts';
import { devnetBalances, type HeldAddress } from './devnetReserves.ts';
import { evmBalances, HOT_WALLET_PATH } from './evmReserves.ts';
import { schemeOf, signOwnership } from './ownership.ts';
import type { AddressBalance, ReserveReader } from './reserveAddresses.ts';

/** The reserve reader of a server: its chains and its wallet's keys. */
export function reserveReader(
  db: Database,
  config: Pick<Config, 'wallet'>,
  chains: ChainAdapters,
): ReserveReader {
  const devnet = [...chains.values()]
    .filter((adapter) => adapter instanceof DevnetAdapter)
    .map((adapter) => adapter.network);
  return {
    readInSnapshot: (trx) => devnetBalances(trx, devnet),
    readOutside: () => evmBalances(db, config.wallet),
    async sign(addresses, statement) {
      return addresses.map((held) => {
        const { path, ...address } = held as HeldAddress;
        const network = address.network as NetworkId;
        const message = statement.replace('{address}', address.address);
        const key = privateKeyOf(config.wallet, network, path);
        return {
          ...(address as AddressBalance),
          scheme: schemeOf(network),
          message,
          signature: signOwnership(network, key, message),
        };
      });
    },
  };
}

function privateKeyOf(wallet: Config['wallet'], network: NetworkId, path: string): Uint8Array {
  if (path === HOT_WALLET_PATH) {
    if (wallet.evm.hotWalletKey === null) throw new Error('no hot wallet key');
    return hex.decode(wallet.evm.hotWalletKey.slice(2));
  }
  const seed = hex.decode(wallet.seed.toLowerCase());
  if (NETWORKS[network].addressFormat === 'solana') {
    return Ed25519Key.fromMasterSeed(seed).derive(path).privateKey;
  }
  const key = HDKey.fromMasterSeed(seed).derive(path).privateKey;
  if (key === null) throw new Error(`no private key at ${path}`);
  return key;
}
