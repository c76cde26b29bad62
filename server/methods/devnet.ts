/**
 * devnet.send: the devnet faucet for any address, as a public test network's faucet is (the
 * `npm run devnet` command calls it). Test coins only, capped per send and limited per IP.
 */
import { refusal } from '../errors/DomainError.ts';
import { params, pattern, tickerField } from '../http/fields.ts';
import { ASSET_NETWORKS } from '../wallet/chains/assetNetworks.ts';
import { depositNetwork } from '../wallet/deposits/depositNetwork.ts';
import { assertOnDevnet, sendTestCoins } from '../wallet/devnet/faucet.ts';
import { networkField } from './deposits.ts';
import { defineMethod, type Method } from './registry.ts';

const send = defineMethod({
  name: 'devnet.send',
  access: 'public',
  params: params({
    asset: tickerField(),
    network: networkField().exactOptional(),
    address: pattern(/^[\x21-\x7e]{1,128}$/, 'an address of printable characters'),
    tag: pattern(/^\d{1,10}$/, 'a whole number').exactOptional(),
    amount: pattern(/^\d{1,20}(\.\d{1,18})?$/, 'a decimal string such as "0.5"'),
  }),
  async handler({ asset, network, address, tag, amount }, { db, config, chains, ip }) {
    if (!config.wallet.devnet) throw refusal('faucet.devnetOff');
    const chosen = network ?? ASSET_NETWORKS[asset][0]?.network ?? asset;
    const { on, adapter } = depositNetwork(chains, asset, chosen);
    assertOnDevnet(adapter, on);
    // Sending without a tag is allowed: it is how a deposit to an exchange goes astray.
    const destination = adapter.validateAddress({ address, tag, withoutTag: true });
    const sent = await sendTestCoins(db, {
      on,
      destination,
      amount,
      requestedBy: `ip:${ip}`,
      blockMs: config.wallet.devnetBlockMs,
    });
    return { sent };
  },
});

/** The devnet.* methods. */
export const devnetMethods: readonly Method[] = [send];
