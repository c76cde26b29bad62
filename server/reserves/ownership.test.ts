/**
 * Ownership signatures against outside implementations where one exists: an EIP-191 signature
 * made here verifies with viem's verifyMessage, and one made by viem verifies here; each scheme
 * refuses a changed message and another address.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58, hex } from '@scure/base';
import { verifyMessage } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { encode } from '../wallet/chains/DepositAddresses.ts';
import type { NetworkId } from '../wallet/chains/networks.ts';
import { signOwnership, verifyOwnership } from './ownership.ts';

const MESSAGE = 'This address, X, belongs to the exchange.';

test('EIP-191 signatures agree with viem both ways', async () => {
  const key = secp256k1.utils.randomSecretKey();
  const account = privateKeyToAccount(`0x${hex.encode(key)}`);
  const ours = signOwnership('ETH', key, MESSAGE) as `0x${string}`;
  assert.ok(await verifyMessage({ address: account.address, message: MESSAGE, signature: ours }));
  const theirs = await account.signMessage({ message: MESSAGE });
  assert.ok(verifyOwnership('ETH', account.address, MESSAGE, theirs));
  assert.equal(verifyOwnership('ETH', account.address, `${MESSAGE}!`, theirs), false);
});

test('every scheme refuses a changed message and another key', () => {
  for (const network of ['BTC', 'LTC', 'DOGE', 'XRP', 'TRX', 'BSC', 'SOL'] as NetworkId[]) {
    const [key, other] = [secp256k1.utils.randomSecretKey(), secp256k1.utils.randomSecretKey()];
    const address = (secret: Uint8Array) =>
      network === 'SOL'
        ? base58.encode(ed25519.getPublicKey(secret))
        : encode(formatOf(network), secp256k1.getPublicKey(secret));
    const signature = signOwnership(network, key, MESSAGE);
    assert.ok(verifyOwnership(network, address(key), MESSAGE, signature), network);
    assert.equal(verifyOwnership(network, address(key), `${MESSAGE} `, signature), false, network);
    assert.equal(verifyOwnership(network, address(other), MESSAGE, signature), false, network);
  }
});

function formatOf(network: NetworkId) {
  const formats = {
    BTC: 'bitcoin',
    LTC: 'litecoin',
    DOGE: 'dogecoin',
    XRP: 'xrp',
    TRX: 'tron',
    BSC: 'evm',
  } as const;
  return formats[network as keyof typeof formats];
}
