import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDecimal, parseDecimal, type ScaledDecimal } from './decimal.ts';
import { marginPrice, parseSigned } from './marginPrice.ts';

const priced = (reference: string, margin: string) => {
  const price = marginPrice(
    parseDecimal(reference) as ScaledDecimal,
    parseSigned(margin) as ScaledDecimal,
  );
  return formatDecimal(price.units, price.decimals);
};

test('a margin moves the reference price by that percent', () => {
  assert.equal(priced('275000', '2'), '280500');
  assert.equal(priced('275000', '-1.5'), '270875');
  assert.equal(priced('0.92', '0'), '0.92');
  assert.equal(priced('0.92', '+20'), '1.104');
});

test('the price is rounded half up to 8 decimals, as the server’s SQL rounds it', () => {
  assert.equal(priced('0.123456785', '0'), '0.12345679');
  assert.equal(priced('0.123456784', '0'), '0.12345678');
  assert.equal(priced('0.00000001', '-20'), '0.00000001');
  assert.equal(priced('0.00000001', '-50.01'), '0');
});

test('a signed margin reads with its sign, and anything else is not one', () => {
  assert.deepEqual(parseSigned('-1.50'), { units: -15n, decimals: 1 });
  assert.deepEqual(parseSigned(' +2 '), { units: 2n, decimals: 0 });
  assert.equal(parseSigned('lots'), null);
  assert.equal(parseSigned('--1'), null);
});
