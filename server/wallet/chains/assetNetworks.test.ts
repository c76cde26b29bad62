import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseDecimal } from '../../../core/markets/decimal.ts';
import { ASSETS, QUOTE, type Ticker } from '../../../core/protocol/index.ts';
import { ASSET_NETWORKS, assetNetwork } from './assetNetworks.ts';
import { findNetwork, NETWORKS } from './networks.ts';
import { validateAddress } from './validateAddress.ts';

test('every listed currency can be moved on a network, USDT on three', () => {
  const tickers: Ticker[] = [...ASSETS, QUOTE];
  for (const ticker of tickers) {
    assert.ok(ASSET_NETWORKS[ticker].length > 0, ticker);
    for (const entry of ASSET_NETWORKS[ticker]) assert.equal(entry.asset, ticker);
  }
  assert.deepEqual(
    ASSET_NETWORKS.USDT.map((entry) => NETWORKS[entry.network].name),
    ['TRON (TRC-20)', 'Ethereum (ERC-20)', 'BNB Smart Chain (BEP-20)'],
  );
  assert.deepEqual(
    ASSETS.map((asset) => ASSET_NETWORKS[asset].map((entry) => entry.network)),
    [['BTC'], ['ETH'], ['BSC'], ['XRP'], ['DOGE'], ['SOL'], ['LTC'], ['TRX']],
  );
});

test('minimums and fees are exact positive decimals the network can carry', () => {
  for (const entries of Object.values(ASSET_NETWORKS)) {
    for (const entry of entries) {
      for (const field of ['minDeposit', 'withdrawalFee', 'minWithdrawal'] as const) {
        const parsed = parseDecimal(entry[field]);
        const where = `${entry.asset} on ${entry.network} ${field}`;
        assert.ok(typeof parsed === 'object', where);
        assert.ok(parsed.units > 0n, where);
        assert.ok(parsed.decimals <= entry.decimals, where);
      }
    }
  }
});

test('token contracts are valid, canonically written addresses of their own network', () => {
  const tokens = Object.values(ASSET_NETWORKS)
    .flat()
    .filter((entry) => entry.contract !== null);
  assert.equal(tokens.length, 3);
  for (const { network, contract } of tokens) {
    assert.deepEqual(validateAddress(network, { address: contract ?? '' }), {
      address: contract,
      tag: null,
    });
  }
});

test('only the XRP Ledger asks for a destination tag; every network needs a confirmation', () => {
  for (const network of Object.values(NETWORKS)) {
    assert.equal(network.tag, network.id === 'XRP' ? 'Destination tag' : null, network.id);
    assert.ok(Number.isInteger(network.confirmations) && network.confirmations >= 1, network.id);
  }
});

test('an asset on a network it is not on is refused with the networks it is on', () => {
  assert.equal(assetNetwork('USDT', 'BSC').decimals, 18);
  assert.throws(() => assetNetwork('USDT', 'BTC'), {
    code: 'wallet.notOnNetwork',
    message:
      'USDT cannot be moved on the network "BTC"; choose TRON (TRC-20), Ethereum (ERC-20) or BNB Smart Chain (BEP-20).',
    param: 'network',
  });
  assert.throws(() => assetNetwork('BTC', 'LTC'), {
    code: 'wallet.notOnNetwork',
    message: 'BTC cannot be moved on the network "LTC"; choose Bitcoin.',
  });
});

test('a network id from a request is looked up without reaching into the prototype', () => {
  assert.equal(findNetwork('BSC')?.name, 'BNB Smart Chain (BEP-20)');
  for (const id of ['bsc', 'toString', '__proto__', ''])
    assert.equal(findNetwork(id), undefined, id);
});
