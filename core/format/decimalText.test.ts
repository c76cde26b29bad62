import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareDecimals, fixedDecimal, scaledOf, trimmedDecimal } from './decimalText.ts';

describe('decimal text', () => {
  it('reads signed decimal strings and finite numbers, nothing else', () => {
    assert.deepEqual(scaledOf('-1.50'), { units: -150n, decimals: 2 });
    assert.deepEqual(scaledOf(' +2 '), { units: 2n, decimals: 0 });
    assert.deepEqual(scaledOf(0.1), { units: 1n, decimals: 1 });
    assert.equal(scaledOf(Number.NaN), null);
    assert.equal(scaledOf(Number.POSITIVE_INFINITY), null);
    assert.equal(scaledOf('1,000'), null);
    assert.equal(scaledOf('.5'), null);
    assert.equal(scaledOf('9'.repeat(500)), null);
  });

  it('rounds half away from zero, or cuts toward zero', () => {
    assert.equal(fixedDecimal('2.345', 2), '2.35');
    assert.equal(fixedDecimal('-2.345', 2), '-2.35');
    assert.equal(fixedDecimal('1234567', 0), '1,234,567');
    assert.equal(trimmedDecimal('2.349', 2), '2.34');
    assert.equal(trimmedDecimal('-2.349', 2), '-2.34');
    assert.equal(trimmedDecimal('1000.000', 3), '1,000');
  });

  it('compares exactly, whatever the decimals', () => {
    assert.equal(compareDecimals('0.30000000000000000001', '0.3'), 1);
    assert.equal(compareDecimals('-1', '-1.000'), 0);
    assert.equal(compareDecimals('-2', '1'), -1);
    assert.equal(compareDecimals('junk', '0'), 0);
  });
});
