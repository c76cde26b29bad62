/**
 * deposits.*: an account's deposit address per asset and network, its deposits with their
 * confirmations, and on the devnet a faucet of test coins to its own address.
 */
import { z } from 'zod';
import { refusal } from '../errors/DomainError.ts';
import { params, pattern, tickerField } from '../http/fields.ts';
import { NETWORKS } from '../wallet/chains/networks.ts';
import { depositAddressOf } from '../wallet/deposits/depositAddressOf.ts';
import { depositNetwork } from '../wallet/deposits/depositNetwork.ts';
import { depositToWire, selectDeposits } from '../wallet/deposits/depositRows.ts';
import { DevnetAdapter } from '../wallet/devnet/DevnetAdapter.ts';
import { assertOnDevnet, FAUCET_CAPS, sendTestCoins } from '../wallet/devnet/faucet.ts';
import { defineMethod, type Method } from './registry.ts';

/** Most deposits a page lists. */
export const MAX_DEPOSITS_PAGE = 500;

/** A network id such as BTC or TRX; whether the asset moves on it is checked by the handler. */
export function networkField() {
  return pattern(/^[A-Za-z0-9]{1,16}$/, 'a network id such as BTC, ETH or TRX');
}

const getAddress = defineMethod({
  name: 'deposits.getAddress',
  access: 'user',
  params: params({ asset: tickerField(), network: networkField() }),
  async handler({ asset, network }, { caller, db, chains }) {
    const { on, adapter } = depositNetwork(chains, asset, network);
    const { address, tag } = await depositAddressOf(db, adapter, caller.user.id);
    const info = NETWORKS[on.network];
    return {
      address: {
        asset,
        network: on.network,
        networkName: info.name,
        address,
        tag,
        tagName: info.tag,
        minDeposit: on.minDeposit,
        confirmations: info.confirmations,
        // The faucet button's cue: this network is a devnet chain, not one on a real node.
        devnet: adapter instanceof DevnetAdapter,
      },
    };
  },
});

const getMine = defineMethod({
  name: 'deposits.getMine',
  access: 'user',
  params: params({
    asset: tickerField().exactOptional(),
    limit: z.number().int().min(1).max(MAX_DEPOSITS_PAGE).exactOptional(),
    before: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).exactOptional(),
  }),
  async handler(params, { caller, db }) {
    let query = selectDeposits(db)
      .where('user_id', '=', caller.user.id)
      .orderBy('id', 'desc')
      .limit(params.limit ?? 50);
    if (params.asset !== undefined) query = query.where('asset', '=', params.asset);
    if (params.before !== undefined) query = query.where('id', '<', params.before);
    return { deposits: (await query.execute()).map(depositToWire) };
  },
});

const faucet = defineMethod({
  name: 'deposits.faucet',
  access: 'user',
  params: params({
    asset: tickerField(),
    network: networkField(),
    amount: pattern(/^\d{1,20}(\.\d{1,18})?$/, 'a decimal string such as "0.5"').exactOptional(),
  }),
  async handler({ asset, network, amount }, { caller, db, config, chains }) {
    if (!config.wallet.devnet) throw refusal('faucet.devnetOff');
    const { on, adapter } = depositNetwork(chains, asset, network);
    assertOnDevnet(adapter, on);
    const destination = await depositAddressOf(db, adapter, caller.user.id);
    const sent = await sendTestCoins(db, {
      on,
      destination,
      amount: amount ?? FAUCET_CAPS[asset],
      requestedBy: `user:${caller.user.id}`,
      blockMs: config.wallet.devnetBlockMs,
    });
    return { sent };
  },
});

/** The deposits.* methods. */
export const depositMethods: readonly Method[] = [getAddress, getMine, faucet];
