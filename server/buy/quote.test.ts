import assert from 'node:assert/strict';
import { test } from 'node:test';
import { testConfig } from '../../test/serverTesting.ts';
import { priceCardPurchase } from './quote.ts';

const settings = testConfig().buy;

test('the fee is rounded up to the cent and the amount down to the asset precision', () => {
  // 3.5 % of 33.33 is 1.16655: 1.17, plus 0.30 is 1.47; 31.86 buys 0.00053100 BTC at 60,000.
  const btc = priceCardPurchase({ asset: 'BTC', usdAmount: '33.33' }, '60000', settings);
  assert.deepEqual(
    { fee: btc.fee, spend: btc.spend, amount: btc.amount },
    { fee: '1.47', spend: '31.86', amount: '0.000531' },
  );
  // DOGE at 0.12345: 96.20 USD buys 779.262859457…, rounded down at 8 decimals.
  const doge = priceCardPurchase({ asset: 'DOGE', usdAmount: '100' }, '0.12345', settings);
  assert.equal(doge.amount, '779.26285945');
});

test('an amount of the asset costs the smallest total in cents that pays for it and its fee', () => {
  const quote = priceCardPurchase({ asset: 'ETH', amount: '0.0123' }, '3210.55', settings);
  // 0.0123 × 3210.55 = 39.489765: 39.49; (39.49 + 0.30) / 0.965 = 41.2331…: 41.24.
  assert.deepEqual(
    { spend: quote.spend, total: quote.total, fee: quote.fee, amount: quote.amount },
    { spend: '39.49', total: '41.24', fee: '1.75', amount: '0.0123' },
  );
  // The same total asked in USD buys at least that amount.
  const back = priceCardPurchase({ asset: 'ETH', usdAmount: quote.total }, '3210.55', settings);
  assert.ok(Number(back.amount) >= 0.0123, back.amount);
});

test('the limits are the total, fee included', () => {
  assert.equal(priceCardPurchase({ asset: 'USDT', usdAmount: '20' }, '1', settings).total, '20');
  assert.equal(
    priceCardPurchase({ asset: 'USDT', usdAmount: '5000' }, '1', settings).amount,
    '4824.7',
  );
  assert.throws(
    () => priceCardPurchase({ asset: 'USDT', amount: '4900' }, '1', settings),
    /largest card purchase is 5,000 USD \(this one is 5078\.04 USD\)/,
  );
});
