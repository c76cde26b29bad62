import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assetNetwork } from './assetNetworks.ts';
import { fromMinorUnits, toMinorUnits } from './minorUnits.ts';

test('amounts become the chain’s integer minor units exactly, and back', () => {
  assert.equal(toMinorUnits(assetNetwork('BTC', 'BTC'), '0.00000001'), 1n);
  assert.equal(toMinorUnits(assetNetwork('ETH', 'ETH'), '0.1'), 100_000_000_000_000_000n);
  assert.equal(toMinorUnits(assetNetwork('USDT', 'TRX'), '1.5'), 1_500_000n);
  assert.equal(toMinorUnits(assetNetwork('USDT', 'BSC'), '1.5'), 1_500_000_000_000_000_000n);
  assert.equal(toMinorUnits(assetNetwork('XRP', 'XRP'), '20.000000'), 20_000_000n);
  assert.equal(fromMinorUnits(assetNetwork('SOL', 'SOL'), 1_234_500_000n), '1.2345');
  assert.equal(fromMinorUnits(assetNetwork('USDT', 'BSC'), 1n), '0.000000000000000001');
  assert.equal(fromMinorUnits(assetNetwork('BTC', 'BTC'), 0n), '0');
});

test('an amount finer than the chain’s smallest unit, or not a number, is refused', () => {
  assert.throws(() => toMinorUnits(assetNetwork('USDT', 'TRX'), '0.0000001'), {
    code: 'wallet.networkDecimals',
    message: 'Amount has more decimals than USDT on TRON (TRC-20) allows (6).',
    param: 'amount',
  });
  assert.throws(() => toMinorUnits(assetNetwork('BTC', 'BTC'), '1e-8'), {
    code: 'wallet.amountFormat',
    message: 'Amount must be a number such as "0.5".',
  });
  assert.throws(() => fromMinorUnits(assetNetwork('BTC', 'BTC'), -1n), RangeError);
});
