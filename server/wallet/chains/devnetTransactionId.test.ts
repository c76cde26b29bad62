import assert from 'node:assert/strict';
import { test } from 'node:test';
import { base58 } from '@scure/base';
import { devnetTransactionId } from './devnetTransactionId.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

const SHAPES: Record<NetworkId, RegExp> = {
  BTC: /^[0-9a-f]{64}$/,
  LTC: /^[0-9a-f]{64}$/,
  DOGE: /^[0-9a-f]{64}$/,
  TRX: /^[0-9a-f]{64}$/,
  ETH: /^0x[0-9a-f]{64}$/,
  BSC: /^0x[0-9a-f]{64}$/,
  XRP: /^[0-9A-F]{64}$/,
  SOL: /^[1-9A-HJ-NP-Za-km-z]{86,88}$/,
};

test('devnet transaction ids look like the network’s own and are stable per transaction', () => {
  for (const network of Object.keys(NETWORKS) as NetworkId[]) {
    const id = devnetTransactionId(network, 'withdrawal 17');
    assert.match(id, SHAPES[network], network);
    assert.equal(devnetTransactionId(network, 'withdrawal 17'), id, network);
    assert.notEqual(devnetTransactionId(network, 'withdrawal 18'), id, network);
  }
  assert.equal(base58.decode(devnetTransactionId('SOL', 'deposit 1')).length, 64);
  // Two networks never share an id for the same devnet record.
  assert.notEqual(devnetTransactionId('ETH', 'deposit 1'), devnetTransactionId('BSC', 'deposit 1'));
});
